"""Fallback kernels for ranking; mirrors rankscore/_kernels_ranking.pxi."""

__all__: list[str] = []
