/// What `LanguageDetector` counts for the Latin-script languages it tells apart: frequent
/// function and request words (written with their diacritics; folded when the tables are
/// built, as requests are), and letters only some of the languages use.
enum LanguageEvidence {
  struct Language: Sendable {
    var language: String
    var words: String
    var letters: String
  }

  static let latin: [Language] = [
    Language(
      language: "en",
      words:
        "the a an is are was what what's how when where who why can could would should you i me my your to of in on for with by from up down off out all so please do does did it this that these and or at be will about there today tomorrow tonight set turn play show tell find add get need want i'm it's don't much many some any next last new one two hour hours minute minutes",
      letters: ""),
    Language(
      language: "de",
      words:
        "der die das den dem des ein eine einen einem ist sind und oder nicht ich du wir mir mich mein meine bitte wie was wann wo wer warum mit für auf im zu zum zur von vom aus bei nach über schalte spiel spiele zeig zeige stelle mach kannst heute morgen es wetter uhr spät gibt habe",
      letters: "äöüß"),
    Language(
      language: "fi",
      words:
        "on ja ei se mikä mitä kuka missä milloin miten kuinka minä sinä minun sinun että tai myös voi voitko kiitos ole oli nyt tänään huomenna aseta soita näytä kerro laita lisää poista paljonko kello sää onko mikälaista",
      letters: "äö"),
    Language(
      language: "sk",
      words:
        "je sa som si sme ste sú a ale alebo ako čo kto kde kedy prečo aký aká aké na do zo v vo so k pre pri po od mi ma môj moja nastav zapni vypni prosím dnes zajtra koľko povedz pusti ukáž mám počasie teraz",
      letters: "äčďľĺňôŕšťžý"),
    Language(
      language: "cs",
      words:
        "je se jsem jsi jsou a ale nebo jak co kdo kde kdy proč jaký jaká na do ze ve v s k pro při po od mi mě můj moje nastav zapni vypni prosím dnes zítra kolik řekni pusť ukaž mám jaké počasí teď",
      letters: "čďěňřšťůžýí"),
    Language(
      language: "fr",
      words:
        "le la les un une des du de est sont et ou je tu il nous vous moi mon ma mes pour avec dans sur quel quelle quand comment pourquoi combien qui que quoi ne pas plaît aujourd'hui demain mets joue montre peux veux",
      letters: "àâçèêëîïœùûÿ"),
    Language(
      language: "es",
      words:
        "el la los las un una es son y o yo tú me mi mis para con en por que qué cuál cuándo cómo dónde quién cuánto cuánta no sí favor hoy mañana pon reproduce muestra dime del al hay está puedes quiero hace tiempo",
      letters: "ñ¿¡áéíóú"),
    Language(
      language: "it",
      words:
        "il lo la gli le un una uno e è sono ed o io tu mi mio mia per con in su che quale quando come dove chi quanto non sì favore oggi domani metti imposta riproduci mostra dimmi del della alle alla al sveglia puoi voglio",
      letters: "àèéìòù"),
    Language(
      language: "pt",
      words:
        "o a os as um uma e são eu você me meu minha para com em no na por que qual quando como onde quem quanto não sim favor hoje amanhã coloca toca mostra diga do da ao tem está pode quero",
      letters: "ãõâêôçáéíóú"),
    Language(
      language: "nl",
      words:
        "de het een is zijn en of ik jij je mij me mijn voor met in op aan wat wanneer hoe waar wie waarom hoeveel niet geen alsjeblieft vandaag morgen zet speel toon laat van naar er dit dat wordt kan wil graag",
      letters: ""),
    Language(
      language: "da",
      words:
        "en et den det de er og eller jeg du mig min mit mine til med i på hvad hvornår hvordan hvor hvem hvorfor ikke tak venligst i dag i morgen sæt spil vis fortæl klokken vækker kan vil",
      letters: "æøå"),
    Language(
      language: "sv",
      words:
        "en ett den det de är och eller jag du mig min mitt mina till med i på vad när hur var vem varför inte tack snälla idag imorgon sätt spela visa berätta klockan väckarklocka kan vill",
      letters: "åäö"),
    Language(
      language: "nb",
      words:
        "en et den det de er og eller jeg du meg min mitt mine til med i på hva når hvordan hvor hvem hvorfor ikke takk vennligst idag imorgen sett spill vis fortell klokken vekkerklokke kan vil",
      letters: "æøå"),
    Language(
      language: "pl",
      words:
        "i w z na do nie jest są to ja ty mi mnie mój moja dla od po jak co kto gdzie kiedy dlaczego ile proszę dzisiaj dziś jutro ustaw włącz wyłącz pokaż powiedz zagraj jaka jaki czy",
      letters: "ąćęłńśźż"),
    Language(
      language: "tr",
      words:
        "bir ve bu şu ne nasıl nerede kim neden kaç ben sen benim senin için ile mi mı mu mü var yok değil lütfen bugün yarın ayarla çal göster söyle saat hava da de",
      letters: "çğış"),
    Language(
      language: "id",
      words:
        "yang dan di ke dari untuk dengan ini itu apa bagaimana kapan dimana siapa mengapa kenapa berapa saya aku kamu anda tolong hari besok setel putar tampilkan beri tahu jam cuaca pukul tidak bisa ada akan mau ingin",
      letters: ""),
  ]

  /// Folded word → the languages (indexes into `latin`) that use it.
  static let wordOwners: [String: [Int]] = {
    var owners: [String: [Int]] = [:]
    for (index, language) in latin.enumerated() {
      for word in language.words.split(separator: " ") {
        for folded in LanguageDetector.words(String(word)).map(\.folded) where !(owners[folded]?.contains(index) ?? false) {
          owners[folded, default: []].append(index)
        }
      }
    }
    return owners
  }()

  /// Letter → the languages that write it.
  static let letterOwners: [Unicode.Scalar: [Int]] = {
    var owners: [Unicode.Scalar: [Int]] = [:]
    for (index, language) in latin.enumerated() {
      for letter in language.letters.unicodeScalars { owners[letter, default: []].append(index) }
    }
    return owners
  }()
}
