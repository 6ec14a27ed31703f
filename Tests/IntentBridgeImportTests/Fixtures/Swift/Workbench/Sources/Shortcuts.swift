import AppIntents

struct WorkbenchShortcuts: AppShortcutsProvider {
  @AppShortcutsBuilder
  static var appShortcuts: [AppShortcut] {
    AppShortcut(
      intent: SharpenToolIntent(),
      phrases: [
        AppShortcutPhrase<SharpenToolIntent>("Sharpen \(\.$tool) with \(.applicationName)"),
        "Queue \(\.$tool) for sharpening in \(AppShortcutPhraseToken.applicationName)",
        "Sharpen my tools",
      ],
      shortTitle: "Sharpen",
      systemImageName: "scissors")
    if #available(iOS 18.0, *) {
      AppShortcut(
        intent: PlayWorkshopRadioIntent(),
        phrases: ["Play the \(.applicationName) radio [loud]"],
        shortTitle: "Radio",
        systemImageName: "radio")
    }
    AppShortcut(intent: CountOpenProjectsIntent(), phrases: ["How many projects are open in \(.applicationName)"])
    AppShortcut(intent: MissingIntent(), phrases: ["Do something with \(.applicationName)"], shortTitle: "Missing", systemImageName: "questionmark")
  }

  static var negativePhrases: [NegativeAppShortcutPhrase] {
    NegativeAppShortcutPhrase("Sharpen a pencil")
    NegativeAppShortcutPhrase("Sharpen my \(.applicationName) skills")
  }
}
