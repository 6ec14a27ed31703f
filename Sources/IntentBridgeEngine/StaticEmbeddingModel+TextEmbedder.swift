import IntentBridgeEmbedding
import IntentBridgeIndex

/// The in-process static model embeds locally and never fails.
extension StaticEmbeddingModel: TextEmbedder {}
