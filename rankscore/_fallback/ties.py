"""Fallback kernels for ties; mirrors rankscore/_kernels_ties.pxi."""

__all__: list[str] = []
