import Testing

let chineseFixtures: [Fixture] = [
  // numbers and number words
  Fixture("zh-CN", "⟦二十五⟧个苹果", "number 25"),
  Fixture("zh-CN", "⟦一百零五⟧", "number 105"),
  Fixture("zh-CN", "⟦两⟧个人", "number 2"),
  Fixture("zh-CN", "⟦十五⟧", "number 15"),
  Fixture("zh-CN", "⟦三千零二十⟧", "number 3020"),
  Fixture("zh-CN", "⟦一万两千⟧步", "number 12000"),
  Fixture("zh-CN", "⟦1.5⟧升", "number 1.5"),
  Fixture("zh-CN", "调低⟦-3⟧", "number -3"),
  Fixture("zh-CN", "⟦第三⟧个", "ordinal 3"),
  Fixture("zh-CN", "⟦第3⟧", "ordinal 3"),
  // percentages and temperatures
  Fixture("zh-CN", "亮度调到⟦百分之五十⟧", "percentage 50"),
  Fixture("zh-CN", "亮度调到⟦50%⟧", "percentage 50"),
  Fixture("zh-CN", "温度调到⟦21度⟧", "temperature 21"),
  Fixture("zh-CN", "温度调到⟦二十一度⟧", "temperature 21"),
  Fixture("zh-CN", "外面⟦零下五度⟧", "temperature -5"),
  Fixture("zh-CN", "设为⟦21℃⟧", "temperature 21"),
  // durations
  Fixture("zh-CN", "⟦10分钟⟧", "duration PT10M"),
  Fixture("zh-CN", "⟦一个半小时⟧", "duration PT1H30M"),
  Fixture("zh-CN", "⟦半小时⟧", "duration PT30M"),
  Fixture("zh-CN", "⟦5分钟30秒⟧的计时器", "duration PT5M30S"),
  Fixture("zh-CN", "⟦两个小时⟧", "duration PT2H"),
  Fixture("zh-CN", "⟦1小时20分钟⟧", "duration PT1H20M"),
  Fixture("zh-CN", "⟦三十秒⟧", "duration PT30S"),
  Fixture("zh-CN", "⟦半个小时⟧", "duration PT30M"),
  // dates and times
  Fixture("zh-CN", "⟦今天⟧有什么", "date 2026-11-29"),
  Fixture("zh-CN", "⟦明天⟧", "date 2026-11-30"),
  Fixture("zh-CN", "⟦后天⟧", "date 2026-12-01"),
  Fixture("zh-CN", "⟦明天下午三点⟧提醒我", "dateTime 2026-11-30T15:00:00+01:00"),
  Fixture("zh-CN", "⟦下周一⟧", "date 2026-11-30"),
  Fixture("zh-CN", "⟦下周三⟧", "date 2026-12-02"),
  Fixture("zh-CN", "⟦星期五⟧", "date 2026-12-04"),
  Fixture("zh-CN", "⟦10分钟后⟧提醒我", "dateTime 2026-11-29T10:10:00+01:00"),
  Fixture("zh-CN", "⟦晚上8点⟧", "time 20:00:00"),
  Fixture("zh-CN", "⟦三点半⟧", "time 03:30:00"),
  Fixture("zh-CN", "⟦一点半⟧", "time 01:30:00"),
  Fixture("zh-CN", "⟦2026-12-01⟧", "date 2026-12-01"),
  Fixture("zh-CN", "⟦明天早上⟧", "dateTime 2026-11-30T08:00:00+01:00"),
  Fixture("zh-CN", "⟦昨天⟧", "date 2026-11-28"),
  Fixture("zh-CN", "⟦后天上午十点⟧", "dateTime 2026-12-01T10:00:00+01:00"),
  Fixture("zh-CN", "⟦两小时后⟧", "dateTime 2026-11-29T12:00:00+01:00"),
  Fixture("zh-CN", "⟦12月1日⟧", "date 2026-12-01"),
  Fixture("zh-CN", "⟦1月5号⟧", "date 2027-01-05"),
  // booleans, URLs, emails, quotes
  Fixture("zh-CN", "⟦是的⟧", "boolean true"),
  Fixture("zh-CN", "⟦不是⟧", "boolean false"),
  Fixture("zh-CN", "⟦关闭⟧", "boolean false"),
  Fixture("zh-CN", "⟦否⟧", "boolean false"),
  Fixture("zh-CN", "打开⟦https://example.cn/a⟧", "url https://example.cn/a"),
  Fixture("zh-CN", "发邮件到⟦li@example.cn⟧", "email li@example.cn"),
  Fixture("zh-CN", "添加「⟦买牛奶⟧」", "quotedText 买牛奶"),
  Fixture("zh-CN", "提醒我“⟦给妈妈打电话⟧”", "quotedText 给妈妈打电话"),
]

@Suite struct ChineseFixtureTests {
  @Test(arguments: chineseFixtures)
  func fixture(_ f: Fixture) {
    let (actual, expected) = check(f)
    #expect(actual == expected)
  }
}
