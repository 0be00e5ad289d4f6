"""Omringad's hidden information (R80-R83): what each seat observes and which actions are
public (``observation``), and histories resampled for a seat (``infoset``)."""
