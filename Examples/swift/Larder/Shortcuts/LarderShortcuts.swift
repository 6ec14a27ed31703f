import AppIntents

struct LarderShortcuts: AppShortcutsProvider {
  static var appShortcuts: [AppShortcut] {
    AppShortcut(
      intent: AddToShoppingListIntent(),
      phrases: [
        "Add to my \(.applicationName) shopping list",
        "Put something on the \(.applicationName) list",
      ],
      shortTitle: "Add to List",
      systemImageName: "cart.badge.plus")
    AppShortcut(
      intent: CheckStockIntent(),
      phrases: [
        "What's in my \(\.$location) in \(.applicationName)",
        "Check the \(\.$location) with \(.applicationName)",
      ],
      shortTitle: "Check Stock",
      systemImageName: "shippingbox")
    AppShortcut(
      intent: StartKitchenTimerIntent(),
      phrases: [
        "Start a \(.applicationName) timer",
        "Set a kitchen timer in \(.applicationName)",
      ],
      shortTitle: "Kitchen Timer",
      systemImageName: "timer")
    AppShortcut(
      intent: PreheatOvenIntent(),
      phrases: ["Preheat the oven with \(.applicationName)"],
      shortTitle: "Preheat Oven",
      systemImageName: "oven")
    AppShortcut(
      intent: SuggestDinnerIntent(),
      phrases: [
        "What's for dinner in \(.applicationName)",
        "Ask \(.applicationName) for dinner ideas",
      ],
      shortTitle: "Suggest Dinner",
      systemImageName: "fork.knife")
    AppShortcut(
      intent: ListExpiringItemsIntent(),
      phrases: ["What expires soon in \(.applicationName)"],
      shortTitle: "Expiring Items",
      systemImageName: "calendar.badge.exclamationmark")
  }

  static let shortcutTileColor: ShortcutTileColor = .orange
}
