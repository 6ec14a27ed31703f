// The project's only C: the int8 matrix kernels of the transformer encoder, one function per
// instruction set, chosen at run time (Swift cannot select an instruction set per function).
// IntentBridgeEncoder's `MatrixKernel` holds the portable Swift version of the same
// computation, which every path here is tested against for identical results.
#ifndef INTENTBRIDGE_KERNELS_H
#define INTENTBRIDGE_KERNELS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Kernel bits of `ib_kernels_available`.
enum {
  IB_KERNEL_AVX2 = 1,         ///< x86-64 AVX2 + FMA (vpmaddubsw, vpmaddwd)
  IB_KERNEL_AVX512_VNNI = 2,  ///< x86-64 AVX-512 F/BW/VL + VNNI (vpdpbusd)
  IB_KERNEL_NEON_DOT = 4,     ///< AArch64 NEON with the dot-product extension (sdot)
};

/// One product `output = activations · weightsᵀ + bias` of 4-bit weights and 8-bit
/// activations, both in blocks of 32 values along `depth` with one float scale per block.
///
/// - `weights`: `rows × depth` bytes, each 0…15 (the weight is `(value − 8) × scale`);
/// - `weightScales`: `rows × depth/32` floats;
/// - `bias`: `rows` floats, or NULL for none;
/// - `activations`: `tokens × depth` signed bytes;
/// - `activationScales`: `tokens × depth/32` floats;
/// - `laneCorrections`: `tokens × depth/32 × 8` int32s: for block b of token t and lane j,
///   −8 × the sum of that block's activations 4j…4j+3 (folds the weights' −8 in);
/// - `output`: `tokens × rows` floats.
///
/// `rows` must be a multiple of 4 and `depth` of 64. The result is defined exactly, so that
/// every kernel gives the same bits: for each output, lane j (0…7) of block b is the integer
/// Σ_{i=4j}^{4j+3} value_i × activation_i + correction_j (exact in int32); 16 float
/// accumulators start at 0, and for b = 0, 1, … accumulator 8·(b mod 2) + j becomes
/// fma(float(lane j), weightScale_b × activationScale_b, accumulator) (the scale product
/// rounded to float first); then u_j = acc_j + acc_{j+8} (j < 8), v_j = u_j + u_{j+4} (j < 4),
/// w_j = v_j + v_{j+2} (j < 2), and the output is bias + (w_0 + w_1).
typedef struct {
  const uint8_t *weights;
  const float *weightScales;
  const float *bias;
  const int8_t *activations;
  const float *activationScales;
  const int32_t *laneCorrections;
  float *output;
  int32_t tokens;
  int32_t rows;
  int32_t depth;
} ib_q4q8_product;

/// The kernels this processor can run, as `IB_KERNEL_*` bits: a kernel is compiled in when
/// the compiler targets its architecture, and reported when the processor has its
/// instructions (x86-64: checked with the compiler's CPU-feature built-ins; AArch64: the
/// dot-product kernel is compiled only when the build target has the extension, as every
/// Apple silicon target does).
uint32_t ib_kernels_available(void);

/// Computes `product` with `kernel` (one `IB_KERNEL_*` bit). Returns 1, or 0 without
/// touching the output when that kernel is not available or the shape is not supported.
/// - Complexity: tokens × rows × depth multiply-adds; one thread.
int ib_q4q8_multiply(uint32_t kernel, const ib_q4q8_product *product);

#ifdef __cplusplus
}
#endif

#endif
