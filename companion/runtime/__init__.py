"""The table runtime: countdown clock, stop arbiter and the loop that drives a game."""
