import IntentBridgeSystem

/// Fits `ConfidenceModel` weights: logistic regression of "the first candidate is right" on
/// its `ConfidenceFeatures`, weighted rows, an L2 penalty pulling every weight but the bias
/// towards the `prior` model's (so few rows leave the shipped calibration mostly as it is),
/// solved by damped Newton steps.
///
///     let model = ConfidenceFitter.fit(rows, prior: .identity, origin: .catalog)
///
/// - Complexity: O(iterations × rows × features²); features are 8, iterations at most 30.
package enum ConfidenceFitter {
  package struct Row: Sendable {
    package var features: [Double]
    package var isRight: Bool
    package var weight: Double

    package init(features: [Double], isRight: Bool, weight: Double = 1) {
      self.features = features
      self.isRight = isRight
      self.weight = weight
    }
  }

  /// The fitted model, or `prior` (with `origin`) when the rows cannot identify one (none,
  /// or all right or all wrong).
  package static func fit(_ rows: [Row], prior: ConfidenceModel, origin: ConfidenceModel.Origin, l2: Double = 2.0) -> ConfidenceModel {
    let n = ConfidenceFeatures.names.count
    let totalWeight = rows.reduce(0) { $0 + $1.weight }
    guard !rows.isEmpty, totalWeight > 0, rows.contains(where: \.isRight), rows.contains(where: { !$0.isRight }) else {
      var kept = prior
      kept.origin = origin
      return kept
    }
    // Row weights normalised to sum to the number of rows' worth of evidence, capped so that a
    // big catalog does not drown the prior entirely.
    let scale = min(Double(rows.count), 2000) / totalWeight
    var w = prior.weights
    for _ in 0..<30 {
      var gradient = [Double](repeating: 0, count: n)
      var hessian = [Double](repeating: 0, count: n * n)
      for row in rows {
        var z = 0.0
        for i in 0..<n { z += w[i] * row.features[i] }
        let p = 1 / (1 + exp(-max(-30, min(30, z))))
        let weight = row.weight * scale
        let residual = (p - (row.isRight ? 1 : 0)) * weight
        let curvature = max(p * (1 - p), 1e-6) * weight
        for i in 0..<n {
          gradient[i] += residual * row.features[i]
          for j in i..<n { hessian[i * n + j] += curvature * row.features[i] * row.features[j] }
        }
      }
      // The bias is pulled too, more gently: pseudo-requests are often separable, and an
      // unpenalised bias would run off to infinity.
      for i in 0..<n {
        let penalty = i == 0 ? l2 * 0.1 : l2
        gradient[i] += penalty * (w[i] - prior.weights[i])
        hessian[i * n + i] += penalty
      }
      for i in 0..<n { for j in 0..<i { hessian[i * n + j] = hessian[j * n + i] } }
      guard var step = solve(hessian, gradient, n) else { break }
      // Damped: no weight moves by more than 2 in one step.
      let largest = step.map(abs).max() ?? 0
      if largest > 2 { step = step.map { $0 * 2 / largest } }
      for i in 0..<n { w[i] -= step[i] }
      if largest < 1e-7 { break }
    }
    guard w.allSatisfy(\.isFinite) else {
      var kept = prior
      kept.origin = origin
      return kept
    }
    return ConfidenceModel(weights: w, threshold: prior.threshold, origin: origin, fittedOn: rows.count)
  }

  /// Solves `a · x = b` for a symmetric positive definite `a` (n × n, row-major) by Cholesky
  /// decomposition; nil when it is not positive definite.
  static func solve(_ a: [Double], _ b: [Double], _ n: Int) -> [Double]? {
    var l = [Double](repeating: 0, count: n * n)
    for i in 0..<n {
      for j in 0...i {
        var sum = a[i * n + j]
        for k in 0..<j { sum -= l[i * n + k] * l[j * n + k] }
        if i == j {
          guard sum > 0 else { return nil }
          l[i * n + i] = sum.squareRoot()
        } else {
          l[i * n + j] = sum / l[j * n + j]
        }
      }
    }
    var y = [Double](repeating: 0, count: n)
    for i in 0..<n {
      var sum = b[i]
      for k in 0..<i { sum -= l[i * n + k] * y[k] }
      y[i] = sum / l[i * n + i]
    }
    var x = [Double](repeating: 0, count: n)
    for i in stride(from: n - 1, through: 0, by: -1) {
      var sum = y[i]
      for k in (i + 1)..<n { sum -= l[k * n + i] * x[k] }
      x[i] = sum / l[i * n + i]
    }
    return x
  }
}
