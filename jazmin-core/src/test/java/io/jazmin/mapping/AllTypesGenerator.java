package io.jazmin.mapping;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Currency;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.UUID;

/** Random {@link AllTypes} values from a seed, biased towards edge cases (NaN, ±∞, −0.0, extremes, nulls). */
final class AllTypesGenerator {
    private static final double[] SPECIAL_DOUBLES = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            -0.0, 0.0, Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE};
    private static final List<String> ZONES = List.of("UTC", "Europe/Paris", "Africa/Johannesburg", "America/New_York",
            "Asia/Kolkata");
    private static final List<Locale> LOCALES = List.of(Locale.US, Locale.FRANCE, Locale.JAPAN, Locale.ROOT,
            Locale.forLanguageTag("zu-ZA"));
    private static final List<String> CURRENCIES = List.of("ZAR", "EUR", "USD", "JPY");

    private final SplittableRandom r;

    AllTypesGenerator(long seed) {
        r = new SplittableRandom(seed);
    }

    AllTypes next(long id) {
        // Datetime columns hold years 0001-9999.
        Instant at = Instant.ofEpochMilli(r.nextLong(-62_135_596_800_000L, 253_402_300_800_000L));
        Instant nanoAt = at.plusNanos(r.nextInt(1_000_000));
        return new AllTypes(id, r.nextBoolean(), maybe(r.nextBoolean()), (byte) r.nextInt(), (short) r.nextInt(),
                r.nextInt(), maybe(r.nextInt()), floatValue(), doubleValue(), maybe(doubleValue()),
                (char) r.nextInt(0xD800), text(), maybe(decimal()), new BigInteger(r.nextInt(1, 300), new java.util.Random(r.nextLong())).negate(),
                maybe(at), LocalDate.ofEpochDay(r.nextLong(-719_162, 2_932_897)),
                LocalDateTime.ofEpochSecond(r.nextLong(-62_135_596_800L, 253_402_300_800L), r.nextInt(1000) * 1_000_000,
                        ZoneOffset.UTC),
                LocalTime.ofNanoOfDay(r.nextLong(86_400_000_000_000L)),
                OffsetDateTime.ofInstant(nanoAt, ZoneOffset.ofTotalSeconds(r.nextInt(-18 * 3600, 18 * 3600))),
                ZonedDateTime.ofInstant(nanoAt, ZoneId.of(pick(ZONES))),
                Duration.ofSeconds(r.nextLong(), r.nextInt(1_000_000_000)), Period.of(r.nextInt(), r.nextInt(), r.nextInt()),
                Year.of(r.nextInt(Year.MIN_VALUE, Year.MAX_VALUE)), YearMonth.of(r.nextInt(-9999, 9999), r.nextInt(1, 13)),
                MonthDay.of(r.nextInt(1, 13), r.nextInt(1, 29)), ZoneId.of(pick(ZONES)),
                ZoneOffset.ofTotalSeconds(r.nextInt(-18 * 3600, 18 * 3600)), new UUID(r.nextLong(), r.nextLong()),
                URI.create("https://example.com/" + r.nextInt(1000) + "?q=" + r.nextInt()), pick(LOCALES),
                Currency.getInstance(pick(CURRENCIES)), pick(List.of(AllTypes.Color.values())),
                Optional.ofNullable(maybe(text())), Optional.ofNullable(maybe(LocalDate.ofEpochDay(r.nextInt(100_000)))),
                r.nextBoolean() ? OptionalInt.of(r.nextInt()) : OptionalInt.empty(),
                r.nextBoolean() ? OptionalLong.of(r.nextLong()) : OptionalLong.empty(),
                r.nextBoolean() ? OptionalDouble.of(doubleValue()) : OptionalDouble.empty(),
                bytes(), maybe(ByteBuffer.wrap(bytes())), r.ints(r.nextInt(5)).toArray(), doubles(),
                strings(), list(), set(), new TreeSet<>(list()), scores(), stamps(nanoAt), byColor(), address(),
                List.of(address(), address()), shape(), plain());
    }

    private <T> T maybe(T value) {
        return r.nextInt(5) == 0 ? null : value;
    }

    private <T> T pick(List<T> values) {
        return values.get(r.nextInt(values.size()));
    }

    private double doubleValue() {
        int k = r.nextInt(4);
        return k == 0 ? SPECIAL_DOUBLES[r.nextInt(SPECIAL_DOUBLES.length)]
                : k == 1 ? Double.longBitsToDouble(r.nextLong()) : r.nextDouble(-1e6, 1e6);
    }

    private float floatValue() {
        return r.nextInt(3) == 0 ? (float) SPECIAL_DOUBLES[r.nextInt(5)] : Float.intBitsToFloat(r.nextInt());
    }

    private BigDecimal decimal() {
        return new BigDecimal(new BigInteger(r.nextInt(1, 120), new java.util.Random(r.nextLong())), r.nextInt(0, 30))
                .multiply(r.nextBoolean() ? BigDecimal.ONE : BigDecimal.ONE.negate());
    }

    private String text() {
        StringBuilder s = new StringBuilder();
        int n = r.nextInt(12);
        for (int i = 0; i < n; i++) {
            int cp = r.nextInt(4) == 0 ? r.nextInt(0x1F300, 0x1F600) : r.nextInt(0, 0xD7FF);
            s.appendCodePoint(cp);
        }
        return s.toString();
    }

    private byte[] bytes() {
        byte[] b = new byte[r.nextInt(20)];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) r.nextInt();
        }
        return b;
    }

    private double[] doubles() {
        double[] d = new double[r.nextInt(6)];
        for (int i = 0; i < d.length; i++) {
            d[i] = doubleValue();
        }
        return d;
    }

    private String[] strings() {
        return new String[] {text(), null, text()};
    }

    private List<String> list() {
        List<String> l = new ArrayList<>();
        for (int i = r.nextInt(4); i > 0; i--) {
            l.add(text() + i);
        }
        return l;
    }

    private Set<Integer> set() {
        Set<Integer> s = new LinkedHashSet<>();
        for (int i = r.nextInt(5); i > 0; i--) {
            s.add(r.nextInt());
        }
        return s;
    }

    private Map<String, Double> scores() {
        Map<String, Double> m = new LinkedHashMap<>();
        for (int i = r.nextInt(4); i > 0; i--) {
            m.put("k" + i, doubleValue());
        }
        m.put("none", null);
        return m;
    }

    private Map<UUID, Instant> stamps(Instant nanoAt) {
        return Map.of(new UUID(r.nextLong(), r.nextLong()), nanoAt);
    }

    private Map<AllTypes.Color, List<Long>> byColor() {
        return Map.of(AllTypes.Color.GREEN, List.of(r.nextLong(), Long.MIN_VALUE, Long.MAX_VALUE));
    }

    private AllTypes.Address address() {
        return new AllTypes.Address(text(), Optional.ofNullable(maybe("" + r.nextInt(10_000))), list());
    }

    private AllTypes.Shape shape() {
        return r.nextBoolean() ? new AllTypes.Circle(doubleValue())
                : new AllTypes.Square(floatValue(), pick(List.of(AllTypes.Color.values())));
    }

    private Map<String, Object> plain() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("n", r.nextLong());
        m.put("s", text());
        m.put("b", r.nextBoolean());
        m.put("list", List.of(1L, "two", List.of()));
        m.put("null", null);
        return m;
    }
}
