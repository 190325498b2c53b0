"""Fallback kernels for sweep; mirrors rankscore/_kernels_sweep.pxi."""

__all__: list[str] = []
