"""Text renderers of the games' boards (one module per game), used by `render_mode`."""
