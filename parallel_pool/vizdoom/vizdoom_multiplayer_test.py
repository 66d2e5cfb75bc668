"""Multi-player ViZDoom: matches of max_num_players players in one env."""
