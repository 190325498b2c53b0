# Kernels for ranking; mirrored by rankscore/_fallback/ranking.py
