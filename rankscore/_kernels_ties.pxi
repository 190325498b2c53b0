# Kernels for ties; mirrored by rankscore/_fallback/ties.py
