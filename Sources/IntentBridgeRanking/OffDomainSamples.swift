import IntentBridgeText

/// Requests no app intent should answer, written for this project in many languages: trivia,
/// opinions, small talk about the world, statements, and keyboard noise. `PseudoRequests`
/// uses them as the off-domain side of a catalog's confidence fit. They are kept apart from
/// the evaluation's off-domain requests (`Examples/off-domain`), so that evaluation measures
/// requests the fit has not seen.
package enum OffDomainSamples {
  /// Up to `count` requests: two thirds in `language` (or English when there are none in
  /// it), the rest spread over the other languages, in a seeded order.
  package static func requests(for language: String, count: Int, random: inout SeededRandom) -> [String] {
    let primary = LanguageTag.primary(language)
    let own = table[primary] ?? table["en"] ?? []
    let others = table.keys.sorted().filter { $0 != primary }.flatMap { table[$0] ?? [] }
    let ownCount = min(own.count, max(0, count * 2 / 3))
    return Array(own.shuffled(using: &random).prefix(ownCount)) + Array(others.shuffled(using: &random).prefix(max(0, count - ownCount)))
  }

  /// Words of at least four letters from the samples in `language` (English when it has
  /// none), sorted: words a request may hold that say nothing about the catalog.
  package static func contentWords(for language: String) -> [String] {
    let samples = table[LanguageTag.primary(language)] ?? table["en"] ?? []
    return Set(samples.flatMap { PseudoRequests.units($0).units }.filter { $0.count >= 4 || $0.unicodeScalars.contains { $0.value >= 0x3040 } })
      .sorted()
  }

  /// Twenty requests in the same order in every language of `table` (the others' twenty are
  /// these): how much lower a language's requests score against a catalog than the same
  /// requests in the catalog's language (`CrossLingualShift`).
  package static func parallel(_ language: String) -> [String]? {
    let primary = LanguageTag.primary(language)
    if let own = parallelCore[primary] { return own }
    guard let list = table[primary], list.count == 20 else { return nil }
    return list
  }

  static let parallelCore: [String: [String]] = [
    "en": [
      "who painted the mona lisa", "how tall is mount everest", "what is the capital of australia", "why is the sky blue",
      "how many bones does a human have", "do you think cats are smarter than dogs", "how far away is the moon", "write me a poem about the sea",
      "i had pasta for lunch", "the train was late this morning", "how do volcanoes form", "who invented the telephone", "how old is the universe",
      "what is your opinion on modern art", "the weekend went by too fast", "how do bees make honey", "is a tomato a fruit or a vegetable",
      "how do airplanes stay in the air", "what causes earthquakes", "hmm ok whatever",
    ],
    "de": [
      "wer hat die mona lisa gemalt", "wie hoch ist der mount everest", "was ist die hauptstadt von australien", "warum ist der himmel blau",
      "wie viele knochen hat ein mensch", "sind katzen klüger als hunde", "wie weit ist der mond entfernt", "schreib mir ein gedicht über das meer",
      "ich hatte nudeln zum mittagessen", "der zug hatte heute morgen verspätung", "wie entstehen vulkane", "wer hat das telefon erfunden",
      "wie alt ist das universum", "was hältst du von moderner kunst", "das wochenende ging zu schnell vorbei", "wie machen bienen honig",
      "ist eine tomate obst oder gemüse", "warum fliegen flugzeuge", "was verursacht erdbeben", "na gut egal",
    ],
    "fi": [
      "kuka maalasi mona lisan", "kuinka korkea mount everest on", "mikä on australian pääkaupunki", "miksi taivas on sininen",
      "montako luuta ihmisellä on", "ovatko kissat fiksumpia kuin koirat", "kuinka kaukana kuu on", "kirjoita minulle runo merestä",
      "söin pastaa lounaaksi", "juna oli aamulla myöhässä", "miten tulivuoret syntyvät", "kuka keksi puhelimen",
      "kuinka vanha maailmankaikkeus on", "mitä mieltä olet modernista taiteesta", "viikonloppu meni liian nopeasti",
      "miten mehiläiset tekevät hunajaa", "onko tomaatti hedelmä vai vihannes", "miten lentokoneet pysyvät ilmassa",
      "mikä aiheuttaa maanjäristyksiä", "no ihan sama",
    ],
    "sk": [
      "kto namaľoval monu lisu", "aký vysoký je mount everest", "aké je hlavné mesto austrálie", "prečo je obloha modrá", "koľko kostí má človek",
      "sú mačky múdrejšie ako psy", "ako ďaleko je mesiac", "napíš mi báseň o mori", "na obed som mal cestoviny", "vlak mal ráno meškanie",
      "ako vznikajú sopky", "kto vynašiel telefón", "aký starý je vesmír", "čo si myslíš o modernom umení", "víkend ubehol príliš rýchlo",
      "ako včely robia med", "je paradajka ovocie alebo zelenina", "prečo lietadlá lietajú", "čo spôsobuje zemetrasenia", "no dobre je to jedno",
    ],
    "zh": [
      "谁画了蒙娜丽莎", "珠穆朗玛峰有多高", "澳大利亚的首都是哪里", "天空为什么是蓝色的", "人有多少块骨头", "猫比狗聪明吗", "月亮离我们有多远",
      "给我写一首关于大海的诗", "我中午吃了面条", "今天早上火车晚点了", "火山是怎么形成的", "电话是谁发明的", "宇宙有多少岁了", "你怎么看现代艺术",
      "周末过得太快了", "蜜蜂是怎么酿蜜的", "西红柿是水果还是蔬菜", "飞机为什么能飞", "地震是什么引起的", "嗯好吧无所谓",
    ],
  ]

  /// The languages with samples (primary subtags).
  package static var languages: [String] { table.keys.sorted() }

  static let table: [String: [String]] = [
    "en": [
      "who painted the mona lisa", "how tall is mount everest", "what is the capital of australia", "why is the sky blue",
      "when did the roman empire fall", "how many bones does a human have", "is coffee bad for your heart", "what is the meaning of stoicism",
      "write me a poem about the sea", "do you think cats are smarter than dogs", "who won the last football world cup",
      "how far away is the moon", "what language do they speak in brazil", "explain quantum entanglement simply",
      "my neighbour is painting his fence again", "i had pasta for lunch", "the train was late this morning", "asdf qwer zxcv",
      "lorem ipsum dolor sit amet", "what is the square root of 169", "how do volcanoes form", "who invented the telephone",
      "tell me about the history of chess", "what does a marine biologist do", "are there penguins in the arctic",
      "how old is the universe", "which planet has the most moons", "what is your opinion on modern art", "how do bees make honey",
      "recommend a good philosophy book", "what causes earthquakes", "how many players are on a rugby team",
      "is a tomato a fruit or a vegetable", "what was the first computer", "describe the plot of hamlet", "how do airplanes stay in the air",
      "what rhymes with orange", "i wonder what dinosaurs sounded like", "the weekend went by too fast", "hmm ok whatever",
    ],
    "de": [
      "wer hat die mona lisa gemalt", "wie hoch ist der mount everest", "was ist die hauptstadt von australien", "warum ist der himmel blau",
      "wann ist das römische reich untergegangen", "wie viele knochen hat ein mensch", "ist kaffee schlecht für das herz",
      "was bedeutet stoizismus", "schreib mir ein gedicht über das meer", "sind katzen klüger als hunde",
      "wer hat die letzte fußballweltmeisterschaft gewonnen", "wie weit ist der mond entfernt", "welche sprache spricht man in brasilien",
      "erkläre quantenverschränkung ganz einfach", "mein nachbar streicht schon wieder seinen zaun", "ich hatte nudeln zum mittagessen",
      "der zug hatte heute morgen verspätung", "asdf qwer zxcv", "was ist die wurzel aus 169", "wie entstehen vulkane",
      "wer hat das telefon erfunden", "erzähl mir etwas über die geschichte des schachs", "was macht ein meeresbiologe",
      "gibt es pinguine in der arktis", "wie alt ist das universum", "welcher planet hat die meisten monde",
      "was hältst du von moderner kunst", "wie machen bienen honig", "empfiehl mir ein gutes philosophiebuch", "was verursacht erdbeben",
      "ist eine tomate obst oder gemüse", "was war der erste computer", "worum geht es in hamlet", "warum fliegen flugzeuge",
      "was reimt sich auf orange", "das wochenende ging zu schnell vorbei", "na gut egal", "wie viele spieler hat eine rugbymannschaft",
    ],
    "fi": [
      "kuka maalasi mona lisan", "kuinka korkea mount everest on", "mikä on australian pääkaupunki", "miksi taivas on sininen",
      "milloin rooman valtakunta kaatui", "montako luuta ihmisellä on", "onko kahvi pahaksi sydämelle", "mitä stoalaisuus tarkoittaa",
      "kirjoita minulle runo merestä", "ovatko kissat fiksumpia kuin koirat", "kuka voitti viimeiset jalkapallon mm-kisat",
      "kuinka kaukana kuu on", "mitä kieltä brasiliassa puhutaan", "selitä kvanttilomittuminen yksinkertaisesti",
      "naapuri maalaa taas aitaansa", "söin pastaa lounaaksi", "juna oli aamulla myöhässä", "asdf qwer zxcv",
      "mikä on luvun 169 neliöjuuri", "miten tulivuoret syntyvät", "kuka keksi puhelimen", "kerro shakin historiasta",
      "mitä meribiologi tekee", "onko arktiksella pingviinejä", "kuinka vanha maailmankaikkeus on", "millä planeetalla on eniten kuita",
      "mitä mieltä olet modernista taiteesta", "miten mehiläiset tekevät hunajaa", "suosittele hyvää filosofian kirjaa",
      "mikä aiheuttaa maanjäristyksiä", "onko tomaatti hedelmä vai vihannes", "mikä oli ensimmäinen tietokone", "mistä hamlet kertoo",
      "miten lentokoneet pysyvät ilmassa", "viikonloppu meni liian nopeasti", "no ihan sama", "montako pelaajaa rugbyjoukkueessa on",
    ],
    "sk": [
      "kto namaľoval monu lisu", "aký vysoký je mount everest", "aké je hlavné mesto austrálie", "prečo je obloha modrá",
      "kedy padla rímska ríša", "koľko kostí má človek", "škodí káva srdcu", "čo znamená stoicizmus", "napíš mi báseň o mori",
      "sú mačky múdrejšie ako psy", "kto vyhral posledné majstrovstvá sveta vo futbale", "ako ďaleko je mesiac",
      "akým jazykom sa hovorí v brazílii", "vysvetli jednoducho kvantové previazanie", "sused zase natiera plot",
      "na obed som mal cestoviny", "vlak mal ráno meškanie", "asdf qwer zxcv", "aká je druhá odmocnina zo 169", "ako vznikajú sopky",
      "kto vynašiel telefón", "povedz mi niečo o histórii šachu", "čo robí morský biológ", "žijú tučniaky v arktíde",
      "aký starý je vesmír", "ktorá planéta má najviac mesiacov", "čo si myslíš o modernom umení", "ako včely robia med",
      "odporuč mi dobrú knihu o filozofii", "čo spôsobuje zemetrasenia", "je paradajka ovocie alebo zelenina",
      "aký bol prvý počítač", "o čom je hamlet", "prečo lietadlá lietajú", "víkend ubehol príliš rýchlo", "no dobre je to jedno",
      "koľko hráčov má ragbyový tím",
    ],
    "zh": [
      "谁画了蒙娜丽莎", "珠穆朗玛峰有多高", "澳大利亚的首都是哪里", "天空为什么是蓝色的", "罗马帝国是什么时候灭亡的", "人有多少块骨头",
      "喝咖啡对心脏不好吗", "斯多葛主义是什么意思", "给我写一首关于大海的诗", "猫比狗聪明吗", "上一届世界杯谁赢了", "月亮离我们有多远",
      "巴西人说什么语言", "简单解释一下量子纠缠", "邻居又在刷他的篱笆", "我中午吃了面条", "今天早上火车晚点了", "啊啊啊随便打几个字",
      "169的平方根是多少", "火山是怎么形成的", "电话是谁发明的", "讲讲象棋的历史", "海洋生物学家是做什么的", "北极有企鹅吗",
      "宇宙有多少岁了", "哪颗行星的卫星最多", "你怎么看现代艺术", "蜜蜂是怎么酿蜜的", "推荐一本好的哲学书", "地震是什么引起的",
      "西红柿是水果还是蔬菜", "第一台计算机是什么", "哈姆雷特讲的是什么", "飞机为什么能飞", "周末过得太快了", "嗯好吧无所谓",
      "一个橄榄球队有几个人",
    ],
    "ja": [
      "モナリザを描いたのは誰", "エベレストの高さはどれくらい", "オーストラリアの首都はどこ", "空はなぜ青いの", "人間の骨は何本あるの",
      "猫は犬より賢いと思う", "月までどのくらい遠いの", "海についての詩を書いて", "昼ごはんにパスタを食べた", "今朝は電車が遅れた",
      "火山はどうやってできるの", "電話を発明したのは誰", "宇宙は何歳なの", "現代アートについてどう思う", "週末があっという間に終わった",
      "ミツバチはどうやって蜂蜜を作るの", "トマトは果物それとも野菜", "飛行機はなぜ飛べるの", "地震の原因は何", "まあいいや",
    ],
    "it": [
      "chi ha dipinto la gioconda", "quanto è alto l'everest", "qual è la capitale dell'australia", "perché il cielo è blu",
      "quante ossa ha il corpo umano", "i gatti sono più intelligenti dei cani", "quanto dista la luna", "scrivimi una poesia sul mare",
      "a pranzo ho mangiato la pasta", "stamattina il treno era in ritardo", "come si formano i vulcani", "chi ha inventato il telefono",
      "quanti anni ha l'universo", "cosa ne pensi dell'arte moderna", "il fine settimana è passato troppo in fretta",
      "come fanno le api a fare il miele", "il pomodoro è un frutto o una verdura", "perché gli aerei volano", "cosa causa i terremoti",
      "va bene fa lo stesso",
    ],
    "nl": [
      "wie schilderde de mona lisa", "hoe hoog is de mount everest", "wat is de hoofdstad van australië", "waarom is de lucht blauw",
      "hoeveel botten heeft een mens", "zijn katten slimmer dan honden", "hoe ver weg is de maan", "schrijf een gedicht over de zee",
      "ik at pasta als lunch", "de trein was vanochtend te laat", "hoe ontstaan vulkanen", "wie heeft de telefoon uitgevonden",
      "hoe oud is het heelal", "wat vind je van moderne kunst", "het weekend ging veel te snel voorbij", "hoe maken bijen honing",
      "is een tomaat fruit of groente", "waarom blijven vliegtuigen in de lucht", "wat veroorzaakt aardbevingen", "nou ja maakt niet uit",
    ],
    "da": [
      "hvem malede mona lisa", "hvor høj er mount everest", "hvad er hovedstaden i australien", "hvorfor er himlen blå",
      "hvor mange knogler har et menneske", "er katte klogere end hunde", "hvor langt væk er månen", "skriv et digt om havet",
      "jeg spiste pasta til frokost", "toget var forsinket i morges", "hvordan opstår vulkaner", "hvem opfandt telefonen",
      "hvor gammelt er universet", "hvad synes du om moderne kunst", "weekenden gik alt for hurtigt", "hvordan laver bier honning",
      "er en tomat en frugt eller en grøntsag", "hvorfor kan fly flyve", "hvad skyldes jordskælv", "nå ja ligegyldigt",
    ],
    "tr": [
      "mona lisa'yı kim çizdi", "everest dağı ne kadar yüksek", "avustralya'nın başkenti neresi", "gökyüzü neden mavi",
      "insanın kaç kemiği var", "kediler köpeklerden daha mı zeki", "ay ne kadar uzakta", "bana deniz hakkında bir şiir yaz",
      "öğle yemeğinde makarna yedim", "bu sabah tren gecikti", "volkanlar nasıl oluşur", "telefonu kim icat etti",
      "evren kaç yaşında", "modern sanat hakkında ne düşünüyorsun", "hafta sonu çok çabuk geçti", "arılar balı nasıl yapar",
      "domates meyve mi sebze mi", "uçaklar nasıl uçar", "depremlere ne sebep olur", "neyse boş ver",
    ],
    "id": [
      "siapa yang melukis mona lisa", "berapa tinggi gunung everest", "apa ibu kota australia", "kenapa langit berwarna biru",
      "berapa jumlah tulang manusia", "apakah kucing lebih pintar dari anjing", "seberapa jauh bulan", "tuliskan puisi tentang laut",
      "aku makan pasta untuk makan siang", "keretanya terlambat tadi pagi", "bagaimana gunung berapi terbentuk", "siapa penemu telepon",
      "berapa umur alam semesta", "apa pendapatmu tentang seni modern", "akhir pekan berlalu terlalu cepat",
      "bagaimana lebah membuat madu", "tomat itu buah atau sayur", "kenapa pesawat bisa terbang", "apa penyebab gempa bumi",
      "ya sudahlah terserah",
    ],
    "fr": [
      "qui a peint la joconde", "quelle est la hauteur de l'everest", "quelle est la capitale de l'australie", "pourquoi le ciel est bleu",
      "combien d'os a le corps humain", "les chats sont ils plus intelligents que les chiens", "à quelle distance est la lune",
      "écris moi un poème sur la mer", "j'ai mangé des pâtes à midi", "le train avait du retard ce matin", "comment se forment les volcans",
      "qui a inventé le téléphone", "quel âge a l'univers", "que penses tu de l'art moderne", "le week end est passé trop vite",
      "comment les abeilles font elles le miel", "la tomate est elle un fruit ou un légume", "pourquoi les avions volent",
      "qu'est ce qui cause les tremblements de terre", "bon tant pis",
    ],
    "es": [
      "quién pintó la mona lisa", "qué altura tiene el everest", "cuál es la capital de australia", "por qué el cielo es azul",
      "cuántos huesos tiene el cuerpo humano", "son los gatos más listos que los perros", "a qué distancia está la luna",
      "escríbeme un poema sobre el mar", "comí pasta al mediodía", "el tren llegó tarde esta mañana", "cómo se forman los volcanes",
      "quién inventó el teléfono", "cuántos años tiene el universo", "qué opinas del arte moderno", "el fin de semana pasó muy rápido",
      "cómo hacen miel las abejas", "el tomate es una fruta o una verdura", "por qué vuelan los aviones", "qué causa los terremotos",
      "bueno da igual",
    ],
    "pt": [
      "quem pintou a mona lisa", "qual é a altura do everest", "qual é a capital da austrália", "por que o céu é azul",
      "quantos ossos tem o corpo humano", "os gatos são mais inteligentes que os cães", "a que distância fica a lua",
      "escreve um poema sobre o mar", "comi massa ao almoço", "o comboio atrasou esta manhã", "como se formam os vulcões",
      "quem inventou o telefone", "quantos anos tem o universo", "o que achas da arte moderna", "o fim de semana passou depressa",
      "como é que as abelhas fazem mel", "o tomate é fruta ou legume", "por que os aviões voam", "o que causa os terremotos",
      "pronto tanto faz",
    ],
    "pl": [
      "kto namalował mona lisę", "jak wysoki jest mount everest", "jaka jest stolica australii", "dlaczego niebo jest niebieskie",
      "ile kości ma człowiek", "czy koty są mądrzejsze od psów", "jak daleko jest księżyc", "napisz wiersz o morzu",
      "zjadłem makaron na obiad", "pociąg rano się spóźnił", "jak powstają wulkany", "kto wynalazł telefon", "ile lat ma wszechświat",
      "co myślisz o sztuce współczesnej", "weekend minął za szybko", "jak pszczoły robią miód", "czy pomidor to owoc czy warzywo",
      "dlaczego samoloty latają", "co powoduje trzęsienia ziemi", "no dobra nieważne",
    ],
    "cs": [
      "kdo namaloval monu lisu", "jak vysoký je mount everest", "jaké je hlavní město austrálie", "proč je obloha modrá",
      "kolik kostí má člověk", "jsou kočky chytřejší než psi", "jak daleko je měsíc", "napiš mi báseň o moři",
      "k obědu jsem měl těstoviny", "vlak měl ráno zpoždění", "jak vznikají sopky", "kdo vynalezl telefon", "jak starý je vesmír",
      "co si myslíš o moderním umění", "víkend utekl moc rychle", "jak včely dělají med", "je rajče ovoce nebo zelenina",
      "proč letadla létají", "co způsobuje zemětřesení", "no dobře je to jedno",
    ],
    "sv": [
      "vem målade mona lisa", "hur hög är mount everest", "vad är huvudstaden i australien", "varför är himlen blå",
      "hur många ben har en människa", "är katter smartare än hundar", "hur långt bort är månen", "skriv en dikt om havet",
      "jag åt pasta till lunch", "tåget var försenat i morse", "hur bildas vulkaner", "vem uppfann telefonen", "hur gammalt är universum",
      "vad tycker du om modern konst", "helgen gick alldeles för fort", "hur gör bin honung", "är en tomat en frukt eller en grönsak",
      "varför kan flygplan flyga", "vad orsakar jordbävningar", "jaja spelar ingen roll",
    ],
  ]
}
