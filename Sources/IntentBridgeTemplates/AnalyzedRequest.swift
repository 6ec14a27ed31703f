import IntentBridgeText

/// A request analysed once for everything that reads it: the keyword index and coverage
/// (`tokens`), template matching, delexicalisation, entity affinity and template slots
/// (`prepared`), and the typed extractors of filling (`surface`).
///
/// Made by `IntentTemplates.analyze(_:)` with the catalog's analyser; ranking and filling
/// of one request share it.
package struct AnalyzedRequest: Sendable {
  /// The request as given.
  package let text: String
  /// The catalog analyser's tokens (skip words marked, CJK as characters and bigrams).
  package let tokens: [AnalyzedToken]
  /// The tokens prepared for template matching, with their value spans.
  package let prepared: TemplateMatcher.Prepared
  /// Words, digit runs and punctuation with their spans, for the typed extractors.
  package let surface: SurfaceTokens
  /// The language the request seems to be written in (`LanguageDetector`), nil when it has
  /// no letters.
  package let detectedLanguage: LanguageDetector.Guess?
  /// The detected language when it is confidently another than the catalog's (and not a
  /// close relative: Slovak and Czech, the Scandinavian languages): a cross-lingual request,
  /// which keywords and templates cannot read (docs/RANKING.md, "Languages").
  package let foreignLanguage: String?

  package init(
    text: String, tokens: [AnalyzedToken], prepared: TemplateMatcher.Prepared, surface: SurfaceTokens,
    detectedLanguage: LanguageDetector.Guess? = nil, foreignLanguage: String? = nil
  ) {
    self.text = text
    self.tokens = tokens
    self.prepared = prepared
    self.surface = surface
    self.detectedLanguage = detectedLanguage
    self.foreignLanguage = foreignLanguage
  }
}

extension IntentTemplates {
  /// Analyses `request` once for ranking and filling; `language` is the catalog language it
  /// is read in (a request confidently in another is `foreignLanguage`). `reading` is the
  /// language detector's reading of the request when the caller made it already (choosing
  /// the catalog language), so that it is not read again.
  /// - Complexity: O(n) tokenisation plus `prepare`'s value spans and typo lookups.
  package func analyze(
    _ request: String, language: String, knows: (String) -> Bool = { _ in false }, reading: LanguageDetector.Reading? = nil
  ) -> AnalyzedRequest {
    let tokens = analyzer.tokens(request)
    let guess = (reading ?? LanguageDetector().read(request)).guess(bonus: [language: Double(Self.knownWords(in: tokens, knows: knows))])
    var foreign: String?
    if let guess, guess.isConfident, !LanguageDetector.sameFamily(guess.language, language) { foreign = guess.language }
    return AnalyzedRequest(
      text: request, tokens: tokens, prepared: prepare(request, tokens: tokens), surface: SurfaceLexer.tokens(request),
      detectedLanguage: guess, foreignLanguage: foreign)
  }

  /// How many of the request's words the catalog's vocabulary knows (`knows`: an index term
  /// of the language): words of three letters or more that are not stop or skip words.
  /// Evidence of the catalog's language ("cancel the kitchen timers" is English to an English
  /// catalog, however few English function words it has).
  package static func knownWords(in tokens: [AnalyzedToken], knows: (String) -> Bool) -> Int {
    tokens.filter { !$0.isStopWord && !$0.isSkipWord && $0.kind == .word && $0.folded.count >= 3 && knows($0.term) }.count
  }
}
