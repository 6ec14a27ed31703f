/// One intent's template alignment for one request, as `IntentTemplates.align(_:intent:knownQuality:)`
/// made it: handed from ranking to filling, so that the winning template is aligned once.
package struct IntentAlignment: Sendable {
  /// The intent aligned.
  package let intentIndex: Int
  /// The template quality the alignment was asked with (`knownQuality`).
  package let knownQuality: Float?
  /// The alignment; nil when the intent has no template the request reads.
  package let alignment: TemplateAlignment?

  package init(intentIndex: Int, knownQuality: Float?, alignment: TemplateAlignment?) {
    self.intentIndex = intentIndex
    self.knownQuality = knownQuality
    self.alignment = alignment
  }
}

extension IntentTemplates {
  /// `align(_:intent:knownQuality:)`'s alignment, taken from `made` when it was made for the
  /// same intent and known quality of the same request (so the result is the one aligning
  /// again gives), aligned here otherwise.
  package func alignment(
    _ prepared: TemplateMatcher.Prepared, intent: Int, knownQuality: Float?, reusing made: IntentAlignment?
  ) -> IntentAlignment {
    if let made, made.intentIndex == intent, made.knownQuality == knownQuality { return made }
    return IntentAlignment(
      intentIndex: intent, knownQuality: knownQuality, alignment: align(prepared, intent: intent, knownQuality: knownQuality)?.alignment)
  }
}
