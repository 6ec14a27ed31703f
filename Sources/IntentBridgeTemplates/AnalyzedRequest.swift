import IntentBridgeText

/// A request analysed once for everything that reads it: the keyword index and coverage
/// (`tokens`), template matching, delexicalisation, entity affinity and template slots
/// (`prepared`), and the typed extractors of filling (`surface`).
///
/// Made by `IntentTemplates.analyze(_:)` with the catalog's analyser; ranking and filling
/// of one request share it.
public struct AnalyzedRequest: Sendable {
  /// The request as given.
  public let text: String
  /// The catalog analyser's tokens (skip words marked, CJK as characters and bigrams).
  package let tokens: [AnalyzedToken]
  /// The tokens prepared for template matching, with their value spans.
  package let prepared: TemplateMatcher.Prepared
  /// Words, digit runs and punctuation with their spans, for the typed extractors.
  package let surface: SurfaceTokens

  package init(text: String, tokens: [AnalyzedToken], prepared: TemplateMatcher.Prepared, surface: SurfaceTokens) {
    self.text = text
    self.tokens = tokens
    self.prepared = prepared
    self.surface = surface
  }
}

extension IntentTemplates {
  /// Analyses `request` once for ranking and filling.
  /// - Complexity: O(n) tokenisation plus `prepare`'s value spans and typo lookups.
  public func analyze(_ request: String) -> AnalyzedRequest {
    let tokens = analyzer.tokens(request)
    return AnalyzedRequest(
      text: request, tokens: tokens, prepared: prepare(request, tokens: tokens), surface: SurfaceLexer.tokens(request))
  }
}
