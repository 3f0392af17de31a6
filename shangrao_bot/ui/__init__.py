"""Discord-facing presentation: translations, embeds, views and the single error path."""
