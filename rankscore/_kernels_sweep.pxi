# Kernels for sweep; mirrored by rankscore/_fallback/sweep.py
