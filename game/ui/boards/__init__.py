"""The Leaderboards screen: the board server's boards, a board's top 20 and your row, a run's breakdown, and Race this
ghost / Chase this run."""
