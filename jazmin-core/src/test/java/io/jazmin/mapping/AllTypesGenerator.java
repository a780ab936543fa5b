package io.jazmin.mapping;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
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
import java.util.Random;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * Random {@link AllTypes} values from a seed, biased towards edge cases: every member takes one of
 * its type's edge values (min/max, NaN, ±∞, −0.0, years 0001/9999 of datetimes, years beyond 9999
 * elsewhere, empty texts and containers) a quarter of the time, and nullable members are null now
 * and then.
 */
final class AllTypesGenerator {
    private static final double[] SPECIAL_DOUBLES = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            -0.0, 0.0, Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE};
    private static final float[] SPECIAL_FLOATS = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
            -0.0f, 0.0f, Float.MIN_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE};
    private static final List<String> ZONES = List.of("UTC", "Europe/Paris", "Africa/Johannesburg", "America/New_York",
            "Asia/Kolkata", "Z", "GMT+05:30", "Etc/GMT-14", "+14:00");
    private static final List<Locale> LOCALES = List.of(Locale.US, Locale.FRANCE, Locale.JAPAN, Locale.ROOT,
            Locale.forLanguageTag("zu-ZA"));
    private static final List<String> CURRENCIES = List.of("ZAR", "EUR", "USD", "JPY");
    /** The first and last millisecond of datetime columns (years 0001-9999). */
    private static final Instant FIRST = Instant.parse("0001-01-01T00:00:00Z");
    private static final Instant LAST = Instant.parse("9999-12-31T23:59:59.999Z");
    private static final BigInteger MAX_DIGITS = new BigInteger("9".repeat(256));

    private final SplittableRandom r;
    /** Whether zoned date-times must fit datetime columns (nested columns store them as {at, zone}). */
    private final boolean datetimeZoned;

    AllTypesGenerator(long seed) {
        this(seed, false);
    }

    /**
     * @param datetimeZoned whether {@code OffsetDateTime}/{@code ZonedDateTime} values are milliseconds
     *                      of years 0001-9999, as their {@code {at, zone}} nested columns need
     */
    AllTypesGenerator(long seed, boolean datetimeZoned) {
        this.r = new SplittableRandom(seed);
        this.datetimeZoned = datetimeZoned;
    }

    AllTypes next(long id) {
        Instant at = instant();
        Instant nanoAt = datetimeZoned ? at : at.plusNanos(r.nextInt(1_000_000));
        return new AllTypes(id, r.nextBoolean(), maybe(r.nextBoolean()),
                edge(() -> (byte) r.nextInt(), Byte.MIN_VALUE, Byte.MAX_VALUE, (byte) 0),
                edge(() -> (short) r.nextInt(), Short.MIN_VALUE, Short.MAX_VALUE),
                edge(r::nextInt, Integer.MIN_VALUE, Integer.MAX_VALUE, 0), maybe(edge(r::nextInt, Integer.MIN_VALUE)),
                floatValue(), doubleValue(), maybe(doubleValue()),
                edge(() -> (char) r.nextInt(0xD800), '\u0000', '\uFFFF'), text(), maybe(decimal()),
                edge(() -> new BigInteger(r.nextInt(1, 300), new Random(r.nextLong())).negate(), MAX_DIGITS,
                        MAX_DIGITS.negate(), BigInteger.ZERO),
                maybe(edge(() -> at, FIRST, LAST)),
                edge(() -> LocalDate.ofEpochDay(r.nextLong(-719_162, 2_932_897)), LocalDate.of(1, 1, 1),
                        LocalDate.of(9999, 12, 31)),
                edge(() -> LocalDateTime.ofEpochSecond(r.nextLong(-62_135_596_800L, 253_402_300_800L),
                        r.nextInt(1000) * 1_000_000, ZoneOffset.UTC), LocalDateTime.of(1, 1, 1, 0, 0),
                        LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_000_000)),
                edge(() -> LocalTime.ofNanoOfDay(r.nextLong(86_400_000_000_000L)), LocalTime.MIN, LocalTime.MAX),
                offsetDateTime(nanoAt), zonedDateTime(nanoAt),
                edge(() -> Duration.ofSeconds(r.nextLong(), r.nextInt(1_000_000_000)), Duration.ZERO,
                        Duration.ofSeconds(Long.MIN_VALUE), Duration.ofSeconds(Long.MAX_VALUE, 999_999_999)),
                edge(() -> Period.of(r.nextInt(), r.nextInt(), r.nextInt()), Period.ZERO,
                        Period.of(Integer.MIN_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE),
                        Period.of(Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE)),
                edge(() -> Year.of(r.nextInt(Year.MIN_VALUE, Year.MAX_VALUE)), Year.of(Year.MIN_VALUE),
                        Year.of(Year.MAX_VALUE), Year.of(10_000)),
                edge(() -> YearMonth.of(r.nextInt(-20_000, 20_000), r.nextInt(1, 13)), YearMonth.of(10_000, 1),
                        YearMonth.of(-10_000, 12), YearMonth.of(Year.MIN_VALUE, 1), YearMonth.of(Year.MAX_VALUE, 12),
                        YearMonth.of(999, 1), YearMonth.of(0, 6)),
                edge(() -> MonthDay.of(r.nextInt(1, 13), r.nextInt(1, 29)), MonthDay.of(2, 29), MonthDay.of(12, 31)),
                ZoneId.of(pick(ZONES)),
                edge(() -> ZoneOffset.ofTotalSeconds(r.nextInt(-18 * 3600, 18 * 3600)), ZoneOffset.MIN,
                        ZoneOffset.MAX, ZoneOffset.UTC),
                edge(() -> new UUID(r.nextLong(), r.nextLong()), new UUID(0, 0), new UUID(-1, -1)),
                edge(() -> URI.create("https://example.com/" + r.nextInt(1000) + "?q=" + r.nextInt()),
                        URI.create("urn:isbn:0451450523"), URI.create("relative/p%20ath#frag"), URI.create("")),
                pick(LOCALES), Currency.getInstance(pick(CURRENCIES)), pick(List.of(AllTypes.Color.values())),
                Optional.ofNullable(maybe(text())), Optional.ofNullable(maybe(LocalDate.ofEpochDay(r.nextInt(100_000)))),
                r.nextBoolean() ? OptionalInt.of(edge(r::nextInt, Integer.MIN_VALUE)) : OptionalInt.empty(),
                r.nextBoolean() ? OptionalLong.of(edge(r::nextLong, Long.MIN_VALUE, Long.MAX_VALUE))
                        : OptionalLong.empty(),
                r.nextBoolean() ? OptionalDouble.of(doubleValue()) : OptionalDouble.empty(),
                bytes(), maybe(ByteBuffer.wrap(bytes())),
                edge(() -> r.ints(r.nextInt(5)).toArray(), new int[0], new int[] {Integer.MIN_VALUE, Integer.MAX_VALUE}),
                doubles(), strings(), list(), set(), new TreeSet<>(list()), scores(), stamps(nanoAt), byColor(),
                address(), List.of(address(), address()), shape(), plain(),
                maybe(edge(() -> (byte) r.nextInt(), Byte.MIN_VALUE, Byte.MAX_VALUE)),
                maybe(edge(() -> (short) r.nextInt(), Short.MIN_VALUE, Short.MAX_VALUE)),
                maybe(edge(r::nextLong, Long.MIN_VALUE, Long.MAX_VALUE, 0L)), maybe(floatValue()),
                maybe(edge(() -> (char) r.nextInt(0xD800), '\u0000', '\uFFFF')), maybe(url()), maybe(path()),
                maybe(inet()), maybe(pattern()),
                edge(() -> r.longs(r.nextInt(5)).toArray(), new long[0], new long[] {Long.MIN_VALUE, Long.MAX_VALUE}),
                floats(), byDate());
    }

    private <T> T maybe(T value) {
        return r.nextInt(5) == 0 ? null : value;
    }

    private <T> T pick(List<T> values) {
        return values.get(r.nextInt(values.size()));
    }

    /** One of {@code edges} a quarter of the time, else a random value. */
    @SafeVarargs
    private <T> T edge(Supplier<T> random, T... edges) {
        return r.nextInt(4) == 0 ? edges[r.nextInt(edges.length)] : random.get();
    }

    private Instant instant() {
        return edge(() -> Instant.ofEpochMilli(r.nextLong(FIRST.toEpochMilli(), LAST.toEpochMilli() + 1)), FIRST,
                LAST);
    }

    private OffsetDateTime offsetDateTime(Instant at) {
        OffsetDateTime random = OffsetDateTime.ofInstant(at, ZoneOffset.ofTotalSeconds(r.nextInt(-18 * 3600,
                18 * 3600)));
        return datetimeZoned ? edge(() -> random, OffsetDateTime.ofInstant(FIRST, ZoneOffset.MAX),
                OffsetDateTime.ofInstant(LAST, ZoneOffset.MIN))
                : edge(() -> random, OffsetDateTime.MIN, OffsetDateTime.MAX,
                        OffsetDateTime.of(10_000, 1, 1, 0, 0, 0, 1, ZoneOffset.UTC));
    }

    private ZonedDateTime zonedDateTime(Instant at) {
        ZonedDateTime random = ZonedDateTime.ofInstant(at, ZoneId.of(pick(ZONES)));
        return datetimeZoned ? edge(() -> random, ZonedDateTime.ofInstant(FIRST, ZoneId.of("Asia/Kolkata")),
                ZonedDateTime.ofInstant(LAST, ZoneOffset.MIN))
                : edge(() -> random, ZonedDateTime.of(LocalDateTime.MAX, ZoneOffset.MIN),
                        ZonedDateTime.of(10_000, 7, 1, 12, 0, 0, 0, ZoneId.of("Europe/Paris")));
    }

    private double doubleValue() {
        int k = r.nextInt(4);
        return k == 0 ? SPECIAL_DOUBLES[r.nextInt(SPECIAL_DOUBLES.length)]
                : k == 1 ? Double.longBitsToDouble(r.nextLong()) : r.nextDouble(-1e6, 1e6);
    }

    private float floatValue() {
        return r.nextInt(3) == 0 ? SPECIAL_FLOATS[r.nextInt(SPECIAL_FLOATS.length)] : Float.intBitsToFloat(r.nextInt());
    }

    private BigDecimal decimal() {
        return edge(() -> new BigDecimal(new BigInteger(r.nextInt(1, 120), new Random(r.nextLong())), r.nextInt(0, 30))
                .multiply(r.nextBoolean() ? BigDecimal.ONE : BigDecimal.ONE.negate()),
                new BigDecimal(MAX_DIGITS, 255), new BigDecimal(MAX_DIGITS.negate(), 0), new BigDecimal("12.50"),
                BigDecimal.ZERO);
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

    private float[] floats() {
        float[] f = new float[r.nextInt(6)];
        for (int i = 0; i < f.length; i++) {
            f[i] = floatValue();
        }
        return f;
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
            s.add(edge(r::nextInt, Integer.MIN_VALUE, Integer.MAX_VALUE));
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

    /** Dates as map keys inside a json cell, where years beyond 9999 are ISO text with a sign. */
    private Map<LocalDate, String> byDate() {
        Map<LocalDate, String> m = new LinkedHashMap<>();
        m.put(edge(() -> LocalDate.ofEpochDay(r.nextInt(-1_000_000, 3_000_000)), LocalDate.MIN, LocalDate.MAX,
                LocalDate.of(10_000, 1, 1)), text());
        return m;
    }

    private URL url() {
        String text = edge(() -> "https://example.com:" + r.nextInt(1, 65_536) + "/p/" + r.nextInt() + "?q=1#f",
                "file:/tmp/a%20b", "http://[::1]:8080/", "jar:file:/x.jar!/a/b.txt", "ftp://user@host/x");
        try {
            return URI.create(text).toURL();
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }

    private Path path() {
        return edge(() -> Path.of("dir" + r.nextInt(100), "file-" + text().replace('/', '_').replace('\u0000', '_')),
                Path.of(""), Path.of("/"), Path.of("/tmp/with space/ü.txt"), Path.of("."));
    }

    private InetAddress inet() {
        byte[] address = new byte[r.nextBoolean() ? 4 : 16];
        for (int i = 0; i < address.length; i++) {
            address[i] = (byte) r.nextInt();
        }
        try {
            return edge(() -> {
                try {
                    return InetAddress.getByAddress(address);
                } catch (UnknownHostException e) {
                    throw new IllegalStateException(e);
                }
            }, InetAddress.getByAddress(new byte[4]), InetAddress.getByAddress(new byte[] {-1, -1, -1, -1}),
                    InetAddress.getByAddress(new byte[16]), InetAddress.getByName("::1"));
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    private Pattern pattern() {
        return Pattern.compile(edge(() -> "[a-" + (char) ('b' + r.nextInt(20)) + "]+\\d{" + r.nextInt(9) + "}", "",
                "(?i)caf\u00e9", "\\p{L}+|\\Q.*\\E"));
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
