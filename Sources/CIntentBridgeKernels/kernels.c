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

// One 32-value block is one 256-bit vector: its eight lanes are the header's lanes j, and the
// even and odd blocks of a (row, token) go to two 8-float accumulators (the header's acc_j and
// acc_{j+8}). The scale product of each (row, token, block) is computed beforehand, sixteen
// tokens per multiply, so the inner loop needs per block and (row, token) only the int8 dot
// product, the conversion and one fused multiply-add whose scale is a broadcast load
// (512-bit vectors would hold two blocks with two scales, and need a multiply per pair).

#define IB_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx512vnni")))

enum {
  ROWS512 = 4,    ///< rows per tile (their weights stay in L1 while every token passes)
  CHUNK512 = 16,  ///< tokens whose scale products are computed at once
};

/// The even-block and odd-block accumulators folded in the header's order.
IB_AVX512 static inline float fold512(__m256 even, __m256 odd) {
  __m256 u = _mm256_add_ps(even, odd);
  __m128 w = _mm_add_ps(_mm256_castps256_ps128(u), _mm256_extractf128_ps(u, 1));
  __m128 x = _mm_add_ps(w, _mm_movehl_ps(w, w));
  __m128 y = _mm_add_ss(x, _mm_shuffle_ps(x, x, 1));
  return _mm_cvtss_f32(y);
}

/// The rest of the header's fold (v_j = u_j + u_{j+4}, w_j = v_j + v_{j+2}, w_0 + w_1) of
/// eight outputs at once, u[2r + k] being row r of token k of a pair of tokens: the same adds
/// as `fold512`'s, in lanes. `out[k]` gets rows 0…3 of token k.
IB_AVX512 static inline void fold512x8(const __m256 u[8], __m128 out[2]) {
  __m256 v[4];  // v[i]: [v_0…v_3 of u[2i] | v_0…v_3 of u[2i + 1]]
  for (int i = 0; i < 4; i++)
    v[i] = _mm256_add_ps(_mm256_permute2f128_ps(u[2 * i], u[2 * i + 1], 0x20), _mm256_permute2f128_ps(u[2 * i], u[2 * i + 1], 0x31));
  __m256 w[2];  // w[i]: [w_0, w_1 of u[4i], u[4i + 2] | the same of u[4i + 1], u[4i + 3]]
  for (int i = 0; i < 2; i++)
    w[i] = _mm256_add_ps(_mm256_shuffle_ps(v[2 * i], v[2 * i + 1], _MM_SHUFFLE(1, 0, 1, 0)),
                         _mm256_shuffle_ps(v[2 * i], v[2 * i + 1], _MM_SHUFFLE(3, 2, 3, 2)));
  // [u[0], u[2], u[4], u[6] | u[1], u[3], u[5], u[7]]: rows 0…3 of token 0, then of token 1.
  __m256 x = _mm256_add_ps(_mm256_shuffle_ps(w[0], w[1], _MM_SHUFFLE(2, 0, 2, 0)), _mm256_shuffle_ps(w[0], w[1], _MM_SHUFFLE(3, 1, 3, 1)));
  out[0] = _mm256_castps256_ps128(x);
  out[1] = _mm256_extractf128_ps(x, 1);
}

/// The scratch space of one product: the activations, lane corrections and activation scales
/// by block, then token (`padded` tokens, zeros past the last), so that a tile finds the
/// tokens of a block side by side; and one row group's scale products for one chunk of
/// tokens, at [(b × ROWS512 + r) × CHUNK512 + token − chunk].
typedef struct {
  int8_t *activations;       ///< [b][t][32]
  int32_t *corrections;      ///< [b][t][8]
  float *scales;             ///< [b][t]
  float *products;           ///< [b][r][CHUNK512]
  size_t padded;
} scratch512;

/// Outputs of rows [row, row + 4) for tokens [token, token + TOKENS): the even blocks, then
/// the odd ones (each accumulator still takes its blocks in order), 4 × TOKENS accumulators
/// at a time. When `next` is not NULL, the lines of the next row group's weights are
/// prefetched on the way (they follow the current group's in memory).
#define IB_AVX512_TILE(TOKENS)                                                                            \
  IB_AVX512 static void tile512_##TOKENS(const ib_q4q8_product *p, const scratch512 *s, int row, int token, \
                                         int chunk, const uint8_t *next) {                                \
    const size_t depth = (size_t)p->depth, padded = s->padded;                                            \
    const int blocks = p->depth / BLOCK, rows = p->rows;                                                  \
    const uint8_t *weights = p->weights + (size_t)row * depth;                                            \
    __m256 sums[2][ROWS512][TOKENS];                                                                      \
    for (int parity = 0; parity < 2; parity++) {                                                          \
      __m256 acc[ROWS512][TOKENS];                                                                        \
      for (int r = 0; r < ROWS512; r++)                                                                   \
        for (int t = 0; t < TOKENS; t++) acc[r][t] = _mm256_setzero_ps();                                 \
      const int8_t *activations = s->activations + ((size_t)parity * padded + (size_t)token) * BLOCK;     \
      const int32_t *corrections = s->corrections + ((size_t)parity * padded + (size_t)token) * 8;        \
      const float *scale = s->products + (size_t)parity * ROWS512 * CHUNK512 + (size_t)(token - chunk);   \
      for (int b = parity; b < blocks; b += 2) {                                                          \
        __m256i weight[ROWS512];                                                                          \
        for (int r = 0; r < ROWS512; r++) {                                                               \
          weight[r] = _mm256_loadu_si256((const __m256i *)(weights + (size_t)r * depth + (size_t)b * BLOCK)); \
          if (next && parity == 0) _mm_prefetch((const char *)(next + (size_t)r * depth + (size_t)b * BLOCK), _MM_HINT_T0); \
        }                                                                                                 \
        for (int t = 0; t < TOKENS; t++) {                                                                \
          __m256i activation = _mm256_loadu_si256((const __m256i *)(activations + t * BLOCK));            \
          __m256i correction = _mm256_loadu_si256((const __m256i *)(corrections + t * 8));                \
          for (int r = 0; r < ROWS512; r++) {                                                             \
            __m256i lanes = _mm256_dpbusd_epi32(correction, weight[r], activation);                       \
            acc[r][t] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(lanes), _mm256_set1_ps(scale[r * CHUNK512 + t]), acc[r][t]); \
          }                                                                                               \
        }                                                                                                 \
        activations += 2 * padded * BLOCK;                                                                \
        corrections += 2 * padded * 8;                                                                    \
        scale += 2 * ROWS512 * CHUNK512;                                                                  \
      }                                                                                                   \
      for (int r = 0; r < ROWS512; r++)                                                                   \
        for (int t = 0; t < TOKENS; t++) sums[parity][r][t] = acc[r][t];                                  \
    }                                                                                                     \
    int t = 0;                                                                                            \
    if (TOKENS >= 2) {                                                                                    \
      const __m128 bias = p->bias ? _mm_loadu_ps(p->bias + row) : _mm_setzero_ps();                       \
      for (; t + 2 <= TOKENS; t += 2) {                                                                   \
        __m256 u[8];                                                                                      \
        for (int r = 0; r < ROWS512; r++)                                                                 \
          for (int k = 0; k < 2; k++) u[2 * r + k] = _mm256_add_ps(sums[0][r][t + k], sums[1][r][t + k]); \
        __m128 out[2];                                                                                    \
        fold512x8(u, out);                                                                                \
        for (int k = 0; k < 2; k++) _mm_storeu_ps(p->output + (size_t)(token + t + k) * rows + row, _mm_add_ps(bias, out[k])); \
      }                                                                                                   \
    }                                                                                                     \
    for (; t < TOKENS; t++)                                                                               \
      for (int r = 0; r < ROWS512; r++) {                                                                 \
        float sum = fold512(sums[0][r][t], sums[1][r][t]);                                                \
        p->output[(size_t)(token + t) * rows + row + r] = (p->bias ? p->bias[row + r] : 0.0f) + sum;      \
      }                                                                                                   \
  }

IB_AVX512_TILE(4)
IB_AVX512_TILE(3)
IB_AVX512_TILE(2)
IB_AVX512_TILE(1)

/// Returns 0 when the scratch space cannot be allocated (nothing written).
/// - Complexity: tokens × rows × depth multiply-adds, plus rows × tokens × depth/32 scale
///   products and one copy of the activations; the weights are read from memory once, the
///   activations once per 4 rows.
IB_AVX512 static int multiply_avx512_vnni(const ib_q4q8_product *p) {
  const int blocks = p->depth / BLOCK, tokens = p->tokens;
  scratch512 s;
  s.padded = ((size_t)tokens + CHUNK512 - 1) / CHUNK512 * CHUNK512;
  const size_t cells = (size_t)blocks * s.padded;
  // One allocation: corrections (32 bytes a cell), activations (32), scales (4), products.
  char *memory = (char *)malloc(cells * (BLOCK + 8 * sizeof(int32_t) + sizeof(float)) +
                                (size_t)blocks * ROWS512 * CHUNK512 * sizeof(float) + 64);
  if (!memory) return 0;
  char *aligned = memory + (64 - (uintptr_t)memory % 64) % 64;
  s.corrections = (int32_t *)aligned;
  s.activations = (int8_t *)(aligned + cells * 8 * sizeof(int32_t));
  s.scales = (float *)(aligned + cells * (8 * sizeof(int32_t) + BLOCK));
  s.products = s.scales + cells;
  for (int b = 0; b < blocks; b++)
    for (size_t t = 0; t < s.padded; t++) {
      const size_t cell = (size_t)b * s.padded + t;
      if (t < (size_t)tokens) {
        const size_t from = t * (size_t)blocks + (size_t)b;
        _mm256_storeu_si256((__m256i *)(s.activations + cell * BLOCK),
                            _mm256_loadu_si256((const __m256i *)(p->activations + from * BLOCK)));
        _mm256_storeu_si256((__m256i *)(s.corrections + cell * 8),
                            _mm256_loadu_si256((const __m256i *)(p->laneCorrections + from * 8)));
        s.scales[cell] = p->activationScales[from];
      } else {
        _mm256_storeu_si256((__m256i *)(s.activations + cell * BLOCK), _mm256_setzero_si256());
        _mm256_storeu_si256((__m256i *)(s.corrections + cell * 8), _mm256_setzero_si256());
        s.scales[cell] = 0.0f;
      }
    }
  for (int row = 0; row < p->rows; row += ROWS512) {
    const uint8_t *next = row + ROWS512 < p->rows ? p->weights + (size_t)(row + ROWS512) * p->depth : NULL;
    for (int chunk = 0; chunk < tokens; chunk += CHUNK512) {
      for (int b = 0; b < blocks; b++) {
        // The next row group's weight scales (16 bytes a block), ahead of their use.
        if (next && b % 4 == 0) _mm_prefetch((const char *)(p->weightScales + ((size_t)row + ROWS512) * blocks + (size_t)b * ROWS512), _MM_HINT_T0);
        __m512 activationScale = _mm512_loadu_ps(s.scales + (size_t)b * s.padded + chunk);
        for (int r = 0; r < ROWS512; r++) {
          __m512 weightScale = _mm512_set1_ps(p->weightScales[(size_t)(row + r) * blocks + b]);
          _mm512_storeu_ps(s.products + ((size_t)b * ROWS512 + r) * CHUNK512, _mm512_mul_ps(weightScale, activationScale));
        }
      }
      const int end = tokens - chunk < CHUNK512 ? tokens : chunk + CHUNK512;
      int token = chunk;
      for (; token + 4 <= end; token += 4) {
        tile512_4(p, &s, row, token, chunk, next);
        next = NULL;
      }
      switch (end - token) {
        case 3: tile512_3(p, &s, row, token, chunk, next); break;
        case 2: tile512_2(p, &s, row, token, chunk, next); break;
        case 1: tile512_1(p, &s, row, token, chunk, next); break;
        default: break;
      }
      next = NULL;
    }
  }
  free(memory);
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
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
      __builtin_cpu_supports("avx512vnni"))
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
