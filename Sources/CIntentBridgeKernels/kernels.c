// The int8 matrix kernels of the transformer encoder (contract and exact result in
// include/IntentBridgeKernels.h). Every floating-point step is an explicit intrinsic in the
// order the header defines; contraction of separate multiplies and adds is switched off, so
// the compiler cannot change a result.
#include "IntentBridgeKernels.h"

#include <stddef.h>
#include <stdlib.h>

#if defined(__clang__)
#pragma clang fp contract(off)
#endif

#if defined(__x86_64__) || defined(_M_X64)
#define IB_X86 1
#include <immintrin.h>
#endif

#if defined(__aarch64__) && defined(__ARM_FEATURE_DOTPROD)
#define IB_NEON_DOT 1
#include <arm_neon.h>
#endif

enum { BLOCK = 32 };

#if IB_X86

// ------------------------------------------------------------------------ AVX-512 VNNI

#define IB_AVX512 __attribute__((target("avx512f,avx512bw,avx512vnni")))

/// The 16-lane accumulator folded in the header's order: (acc_j + acc_{j+8}), then halves.
IB_AVX512 static inline float fold16(__m512 v) {
  __m256 low = _mm512_castps512_ps256(v);
  __m256 high = _mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(v), 1));
  __m256 u = _mm256_add_ps(low, high);
  __m128 w = _mm_add_ps(_mm256_castps256_ps128(u), _mm256_extractf128_ps(u, 1));
  __m128 x = _mm_add_ps(w, _mm_movehl_ps(w, w));
  __m128 y = _mm_add_ss(x, _mm_shuffle_ps(x, x, 1));
  return _mm_cvtss_f32(y);
}

/// Lanes 0–7 `scales[0]`, lanes 8–15 `scales[1]`: the scales of a pair of blocks.
IB_AVX512 static inline __m512 pair_scales(const float *scales) {
  return _mm512_mask_blend_ps((__mmask16)0xFF00, _mm512_set1_ps(scales[0]), _mm512_set1_ps(scales[1]));
}

/// Writes the pair-scale vectors of `count` rows of `blocks` scales each (row-major, one
/// 16-float vector per pair of blocks).
IB_AVX512 static void expand_pair_scales(const float *scales, int count, int blocks, float *out) {
  for (int row = 0; row < count; row++)
    for (int b = 0; b < blocks; b += 2)
      _mm512_storeu_ps(out + ((size_t)row * (blocks / 2) + b / 2) * 16, pair_scales(scales + (size_t)row * blocks + b));
}

/// Outputs of rows [row, row + 4) for tokens [token, token + TOKENS): one 64-byte pair of
/// blocks at a time, the weights loaded once for all tokens of the tile; the pair-scale
/// vectors of the four rows (`rowScales`) and of every token (`tokenScales`) are expanded once
/// per product.
#define IB_AVX512_TILE(TOKENS)                                                                            \
  IB_AVX512 static void tile512_##TOKENS(const ib_q4q8_product *p, int row, int token, const float *rowScales, \
                                         const float *tokenScales) {                                      \
    const int depth = p->depth, blocks = depth / BLOCK, pairs = blocks / 2, rows = p->rows;               \
    __m512 acc[4][TOKENS];                                                                                \
    for (int r = 0; r < 4; r++)                                                                           \
      for (int t = 0; t < TOKENS; t++) acc[r][t] = _mm512_setzero_ps();                                   \
    for (int pair = 0; pair < pairs; pair++) {                                                            \
      const int b = 2 * pair;                                                                             \
      __m512i weight[4];                                                                                  \
      __m512 weightScale[4];                                                                              \
      for (int r = 0; r < 4; r++) {                                                                       \
        weight[r] = _mm512_loadu_si512((const void *)(p->weights + (size_t)(row + r) * depth + b * BLOCK)); \
        weightScale[r] = _mm512_loadu_ps(rowScales + ((size_t)r * pairs + pair) * 16);                   \
      }                                                                                                   \
      for (int t = 0; t < TOKENS; t++) {                                                                  \
        const size_t at = (size_t)(token + t);                                                            \
        __m512i activation = _mm512_loadu_si512((const void *)(p->activations + at * depth + b * BLOCK)); \
        __m512i correction = _mm512_loadu_si512((const void *)(p->laneCorrections + (at * blocks + b) * 8)); \
        __m512 activationScale = _mm512_loadu_ps(tokenScales + (at * pairs + pair) * 16);                 \
        for (int r = 0; r < 4; r++) {                                                                     \
          __m512i lanes = _mm512_dpbusd_epi32(correction, weight[r], activation);                         \
          __m512 scale = _mm512_mul_ps(weightScale[r], activationScale);                                  \
          acc[r][t] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(lanes), scale, acc[r][t]);                       \
        }                                                                                                 \
      }                                                                                                   \
    }                                                                                                     \
    for (int t = 0; t < TOKENS; t++)                                                                      \
      for (int r = 0; r < 4; r++) {                                                                       \
        float sum = fold16(acc[r][t]);                                                                    \
        p->output[(size_t)(token + t) * rows + row + r] = (p->bias ? p->bias[row + r] : 0.0f) + sum;      \
      }                                                                                                   \
  }

IB_AVX512_TILE(4)
IB_AVX512_TILE(1)

/// Returns 0 when the scratch space cannot be allocated (nothing written).
IB_AVX512 static int multiply_avx512_vnni(const ib_q4q8_product *p) {
  const int blocks = p->depth / BLOCK, pairs = blocks / 2;
  float *tokenScales = (float *)malloc(((size_t)p->tokens * pairs + 1) * 16 * sizeof(float));
  float *rowScales = (float *)malloc((size_t)4 * pairs * 16 * sizeof(float));
  if (!tokenScales || !rowScales) {
    free(tokenScales);
    free(rowScales);
    return 0;
  }
  expand_pair_scales(p->activationScales, p->tokens, blocks, tokenScales);
  for (int row = 0; row < p->rows; row += 4) {
    expand_pair_scales(p->weightScales + (size_t)row * blocks, 4, blocks, rowScales);
    int token = 0;
    for (; token + 4 <= p->tokens; token += 4) tile512_4(p, row, token, rowScales, tokenScales);
    for (; token < p->tokens; token++) tile512_1(p, row, token, rowScales, tokenScales);
  }
  free(tokenScales);
  free(rowScales);
  return 1;
}

// ------------------------------------------------------------------------ AVX2

#define IB_AVX2 __attribute__((target("avx2,fma")))

/// The even-block and odd-block accumulators folded in the header's order.
IB_AVX2 static inline float fold8x2(__m256 even, __m256 odd) {
  __m256 u = _mm256_add_ps(even, odd);
  __m128 w = _mm_add_ps(_mm256_castps256_ps128(u), _mm256_extractf128_ps(u, 1));
  __m128 x = _mm_add_ps(w, _mm_movehl_ps(w, w));
  __m128 y = _mm_add_ss(x, _mm_shuffle_ps(x, x, 1));
  return _mm_cvtss_f32(y);
}

/// The eight exact lane sums of one block: Σ value × activation over 4 bytes, + correction.
IB_AVX2 static inline __m256i block_lanes(__m256i weight, __m256i activation, __m256i correction) {
  __m256i pairs = _mm256_maddubs_epi16(weight, activation);  // |sum| ≤ 2 × 15 × 128: no saturation
  return _mm256_add_epi32(_mm256_madd_epi16(pairs, _mm256_set1_epi16(1)), correction);
}

/// Outputs of rows [row, row + 2) for tokens [token, token + TOKENS).
#define IB_AVX2_TILE(TOKENS)                                                                               \
  IB_AVX2 static void tile256_##TOKENS(const ib_q4q8_product *p, int row, int token) {                    \
    const int depth = p->depth, blocks = depth / BLOCK, rows = p->rows;                                   \
    __m256 acc[2][2][TOKENS];                                                                             \
    for (int r = 0; r < 2; r++)                                                                           \
      for (int t = 0; t < TOKENS; t++) acc[0][r][t] = acc[1][r][t] = _mm256_setzero_ps();                \
    for (int b = 0; b < blocks; b++) {                                                                    \
      const int parity = b & 1;                                                                           \
      __m256i weight[2];                                                                                  \
      for (int r = 0; r < 2; r++)                                                                         \
        weight[r] = _mm256_loadu_si256((const __m256i *)(p->weights + (size_t)(row + r) * depth + b * BLOCK)); \
      for (int t = 0; t < TOKENS; t++) {                                                                  \
        const size_t at = (size_t)(token + t);                                                            \
        __m256i activation = _mm256_loadu_si256((const __m256i *)(p->activations + at * depth + b * BLOCK)); \
        __m256i correction = _mm256_loadu_si256((const __m256i *)(p->laneCorrections + (at * blocks + b) * 8)); \
        const float activationScale = p->activationScales[at * blocks + b];                               \
        for (int r = 0; r < 2; r++) {                                                                     \
          const float scale = p->weightScales[(size_t)(row + r) * blocks + b] * activationScale;          \
          __m256i lanes = block_lanes(weight[r], activation, correction);                                 \
          acc[parity][r][t] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(lanes), _mm256_set1_ps(scale), acc[parity][r][t]); \
        }                                                                                                 \
      }                                                                                                   \
    }                                                                                                     \
    for (int t = 0; t < TOKENS; t++)                                                                      \
      for (int r = 0; r < 2; r++) {                                                                       \
        float sum = fold8x2(acc[0][r][t], acc[1][r][t]);                                                  \
        p->output[(size_t)(token + t) * rows + row + r] = (p->bias ? p->bias[row + r] : 0.0f) + sum;      \
      }                                                                                                   \
  }

IB_AVX2_TILE(2)
IB_AVX2_TILE(1)

IB_AVX2 static void multiply_avx2(const ib_q4q8_product *p) {
  for (int row = 0; row < p->rows; row += 2) {
    int token = 0;
    for (; token + 2 <= p->tokens; token += 2) tile256_2(p, row, token);
    for (; token < p->tokens; token++) tile256_1(p, row, token);
  }
}

#endif  // IB_X86

#if IB_NEON_DOT

// ------------------------------------------------------------------------ NEON dot product

static inline float fold4x4(float32x4_t even_low, float32x4_t even_high, float32x4_t odd_low, float32x4_t odd_high) {
  float32x4_t u_low = vaddq_f32(even_low, odd_low);     // u_0…u_3
  float32x4_t u_high = vaddq_f32(even_high, odd_high);  // u_4…u_7
  float32x4_t w = vaddq_f32(u_low, u_high);             // v_0…v_3
  float32x2_t x = vadd_f32(vget_low_f32(w), vget_high_f32(w));  // w_0, w_1
  return vget_lane_f32(x, 0) + vget_lane_f32(x, 1);
}

static void multiply_neon_dot(const ib_q4q8_product *p) {
  const int depth = p->depth, blocks = depth / BLOCK, rows = p->rows;
  for (int row = 0; row < rows; row++) {
    const uint8_t *weights = p->weights + (size_t)row * depth;
    for (int token = 0; token < p->tokens; token++) {
      const int8_t *activations = p->activations + (size_t)token * depth;
      float32x4_t acc[2][2] = {{vdupq_n_f32(0), vdupq_n_f32(0)}, {vdupq_n_f32(0), vdupq_n_f32(0)}};
      for (int b = 0; b < blocks; b++) {
        const int parity = b & 1;
        const int32_t *correction = p->laneCorrections + ((size_t)token * blocks + b) * 8;
        const float scale = p->weightScales[(size_t)row * blocks + b] * p->activationScales[(size_t)token * blocks + b];
        for (int half = 0; half < 2; half++) {
          int8x16_t weight = vreinterpretq_s8_u8(vld1q_u8(weights + b * BLOCK + half * 16));
          int8x16_t activation = vld1q_s8(activations + b * BLOCK + half * 16);
          int32x4_t lanes = vdotq_s32(vld1q_s32(correction + half * 4), weight, activation);
          acc[parity][half] = vfmaq_f32(acc[parity][half], vcvtq_f32_s32(lanes), vdupq_n_f32(scale));
        }
      }
      float sum = fold4x4(acc[0][0], acc[0][1], acc[1][0], acc[1][1]);
      p->output[(size_t)token * rows + row] = (p->bias ? p->bias[row] : 0.0f) + sum;
    }
  }
}

#endif  // IB_NEON_DOT

uint32_t ib_kernels_available(void) {
  uint32_t kernels = 0;
#if IB_X86
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) kernels |= IB_KERNEL_AVX2;
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vnni"))
    kernels |= IB_KERNEL_AVX512_VNNI;
#endif
#if IB_NEON_DOT
  kernels |= IB_KERNEL_NEON_DOT;
#endif
  return kernels;
}

int ib_q4q8_multiply(uint32_t kernel, const ib_q4q8_product *product) {
  if (!product || product->rows % 4 != 0 || product->depth % 64 != 0 || product->tokens < 0) return 0;
  if ((ib_kernels_available() & kernel) == 0) return 0;
  switch (kernel) {
#if IB_X86
    case IB_KERNEL_AVX512_VNNI:
      return multiply_avx512_vnni(product);
    case IB_KERNEL_AVX2:
      multiply_avx2(product);
      return 1;
#endif
#if IB_NEON_DOT
    case IB_KERNEL_NEON_DOT:
      multiply_neon_dot(product);
      return 1;
#endif
    default:
      return 0;
  }
}
