"""Le Marché de Samarkand: the first game on the companion's core."""
