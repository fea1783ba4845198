"""Settings -> Telemetry as rows: turning it on, picking the address and port change only the telemetry block."""

from game.content.settings import Settings
from game.content.telemetry_settings import TelemetrySettings
from game.ui.settings.pages import build_pages


def _page(s):
    return next(p for p in build_pages(s) if p.name == "Telemetry")


def test_the_page_turns_telemetry_on_and_picks_where_to():
    s = Settings()
    page = _page(s)
    on, address, port = (r for r in page.rows if r.selectable)
    assert (on.text(s), address.text(s), port.text(s)) == ("Off", "This computer (127.0.0.1)", "5300")
    s2 = port.nudge(on.activate(s), 1)
    assert s2.telemetry == TelemetrySettings(True, "127.0.0.1", 5301)
    assert s2.quality == s.quality and s2.bindings == s.bindings and s2.minimap == s.minimap


def test_a_saved_host_and_port_stay_choosable():
    s = Settings(telemetry=TelemetrySettings(True, "192.168.1.50", 40000))
    page = _page(s)
    _, address, port = (r for r in page.rows if r.selectable)
    assert address.text(s) == "192.168.1.50" and port.text(s) == "40000"
    assert address.nudge(s, -1).telemetry.host == "127.0.0.1"
    assert port.nudge(s, -1).telemetry.port == 20777
