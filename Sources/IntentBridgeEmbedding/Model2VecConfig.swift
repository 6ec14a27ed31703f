import IntentBridgeJSON

/// The `config.json` of a Model2Vec static model.
///
///     {"model_type": "model2vec", "normalize": true, "pooling": "mean", "hidden_dim": 256,
///      "max_length": 512, "embedding_dtype": "int8", …}
///
/// Only the fields that change how a sentence is embedded are interpreted; the rest
/// (`apply_pca`, `sif_coefficient`, `base_model`, …) describe how the model was made.
/// Missing fields take Model2Vec's defaults.
package struct Model2VecConfig: Sendable, Equatable {
  /// `model_type`; only `model2vec` (or absent) is accepted.
  package var modelType: String
  /// `normalize`: L2-normalise sentence vectors (Model2Vec's default when absent: false).
  package var normalize: Bool
  /// `pooling`; only `mean` (or absent) is accepted.
  package var pooling: String
  /// `hidden_dim`, when given; checked against the embedding table's width.
  package var hiddenDimensions: Int?
  /// `max_length`: tokens kept per sentence (Model2Vec truncates before dropping unknown
  /// tokens); nil means no limit. Absent → 512, as in Model2Vec.
  package var maxLength: Int?
  /// `embedding_dtype`, informational (the safetensors header is authoritative).
  package var embeddingDType: String?

  package init(
    modelType: String = "model2vec", normalize: Bool = true, pooling: String = "mean",
    hiddenDimensions: Int? = nil, maxLength: Int? = 512, embeddingDType: String? = nil
  ) {
    self.modelType = modelType
    self.normalize = normalize
    self.pooling = pooling
    self.hiddenDimensions = hiddenDimensions
    self.maxLength = maxLength
    self.embeddingDType = embeddingDType
  }

  /// Reads and validates `config.json` at `path`.
  package init(contentsOf path: String) throws(EmbeddingError) {
    let fields = JSONFields(file: path)
    try self.init(json: fields.parse(ModelFile.contents(of: path)), file: path)
  }

  /// Interprets a parsed `config.json`; `file` names it in errors.
  package init(json: JSONValue, file: String) throws(EmbeddingError) {
    let fields = JSONFields(file: file)
    let object = try fields.object(json, "<root>")
    modelType = try fields.optionalString(object["model_type"], "model_type") ?? "model2vec"
    guard modelType == "model2vec" else { throw fields.unsupported(modelType, "model_type", ["model2vec"]) }
    normalize = try fields.optionalBool(object["normalize"], "normalize") ?? false
    pooling = try fields.optionalString(object["pooling"], "pooling") ?? "mean"
    guard pooling == "mean" else { throw fields.unsupported(pooling, "pooling", ["mean"]) }
    hiddenDimensions = try fields.optionalInteger(object["hidden_dim"], "hidden_dim", in: 1...65_536)
    if let value = object["max_length"] {
      maxLength = try fields.optionalInteger(value, "max_length", in: 1...Int(Int32.max))
    } else {
      maxLength = 512
    }
    embeddingDType = try fields.optionalString(object["embedding_dtype"], "embedding_dtype")
  }
}
