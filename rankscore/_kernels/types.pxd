# The types the kernel modules share, named once (cimported by every topic's .pyx).
#
# Scores are float32 or float64 (read as they come, never converted). Labels are integers
# of one byte (bools viewed as uint8, small codes) or eight: every other integer type is
# widened to int64 once, by rankscore._labels.kernel_integers; the kernels compare them with
# the positive class's code of the same dtype. Counts of a summary are int64, or float64
# sums of weights.

from libc.stdint cimport (int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t,
                          uint64_t)

ctypedef fused score_t:
    float
    double

ctypedef fused label_t:
    int8_t
    uint8_t
    int64_t

ctypedef fused count_t:
    int64_t
    double
