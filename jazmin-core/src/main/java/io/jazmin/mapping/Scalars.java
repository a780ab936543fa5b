package io.jazmin.mapping;

import io.jazmin.schema.ColumnType;
import io.jazmin.schema.JsonText;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.file.FileSystems;
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
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.SignStyle;
import java.time.temporal.ChronoField;
import java.time.temporal.ChronoUnit;
import java.util.Currency;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The built-in scalar types and how each is stored (typed-values.md §3.2):
 * <ul>
 * <li>{@code Boolean}, {@code Long}, {@code Double}, {@code BigDecimal}, {@code String}, {@code Instant},
 *     {@code byte[]}, {@code JsonText}: the column type's own Java types;</li>
 * <li>{@code Byte}/{@code Short}/{@code Integer} as int (range-checked on read), {@code Float} as float
 *     (refused on read unless exact), {@code Character} as a one-unit string;</li>
 * <li>{@code BigInteger} as a scale-0 decimal; {@code Duration} as a decimal of seconds (9 digits after the
 *     point, the whole range); {@code LocalTime} as int nanoseconds of the day; {@code Year} as int;</li>
 * <li>{@code LocalDate} as a datetime at 00:00 UTC and {@code LocalDateTime} as a datetime read as the UTC
 *     wall clock, so filters and sorted indexes keep working in other readers; the JVM's default zone is
 *     never used;</li>
 * <li>{@code OffsetDateTime}, {@code ZonedDateTime} (zone kept), {@code Period}, {@code YearMonth},
 *     {@code MonthDay}, {@code ZoneId}, {@code ZoneOffset}, {@code UUID} (canonical lower case),
 *     {@code URI}, {@code URL} (through {@code URI}), {@code Path} (no file system access),
 *     {@code InetAddress} (IP literals only, no DNS), {@code Pattern} (flags only inline, as
 *     {@code (?i)}), {@code Locale} (language tag), {@code Currency} and enums (by {@code name()}, never
 *     the ordinal) as ISO or canonical strings; years beyond 9999 with their ISO {@code +} sign;</li>
 * <li>{@code ByteBuffer} as binary (its remaining bytes).</li>
 * </ul>
 * This is the one Java-to-cell table: {@link JavaCells} opens it to the modules (Spring, Spark)
 * that convert values without a mapped type.
 */
final class Scalars {
    private static final long MILLIS_PER_DAY = 86_400_000L;
    private static final long NANOS_PER_DAY = 86_400_000_000_000L;
    private static final BigInteger NANOS_PER_SECOND = BigInteger.valueOf(1_000_000_000L);
    private static final int MAX_DECIMAL_SCALE = 255;
    private static final int MAX_DECIMAL_DIGITS = 256;
    /** Datetimes readers accept: years 0001 to 9999 (UTC). */
    private static final Instant FIRST_DATETIME = Instant.parse("0001-01-01T00:00:00Z");
    private static final Instant LAST_DATETIME = Instant.parse("9999-12-31T23:59:59.999Z");

    /**
     * ISO year-month with the sign {@code YearMonth.parse} wants beyond 9999 ({@code +10000-01});
     * {@code YearMonth.toString} leaves it out.
     */
    private static final DateTimeFormatter YEAR_MONTH = new DateTimeFormatterBuilder()
            .appendValue(ChronoField.YEAR, 4, 10, SignStyle.EXCEEDS_PAD).appendLiteral('-')
            .appendValue(ChronoField.MONTH_OF_YEAR, 2).toFormatter();
    /** An IPv4 address literal in dotted-quad form. */
    private static final Pattern IPV4 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");

    private static final Map<Class<?>, ScalarConverter> BUILT_IN = builtIn();

    private Scalars() {
    }

    /** The converter of a built-in scalar type (boxed), or {@code null}. */
    static ScalarConverter find(Class<?> type) {
        return BUILT_IN.get(Types.box(type));
    }

    /** The built-in scalar types (boxed), enums apart. */
    static Set<Class<?>> types() {
        return BUILT_IN.keySet();
    }

    /** A converter storing an enum's constants by name; other names are refused on read. */
    static ScalarConverter forEnum(Class<?> type) {
        Map<String, Object> constants = new LinkedHashMap<>();
        for (Object c : type.getEnumConstants()) {
            constants.put(((Enum<?>) c).name(), c);
        }
        return ScalarConverter.of(type, ColumnType.STRING, (v, ctx) -> ((Enum<?>) v).name(), (cell, ctx) -> {
            Object c = constants.get(cell);
            if (c == null) {
                throw ctx.fail(MappingException.Reason.UNKNOWN_ENUM_CONSTANT, "'" + cell + "' is not a constant of "
                        + type.getName() + " " + constants.keySet());
            }
            return c;
        }).withAttributes(a -> constants.keySet().forEach(a.putArray("enumConstants")::add));
    }

    private static Map<Class<?>, ScalarConverter> builtIn() {
        Map<Class<?>, ScalarConverter> m = new HashMap<>();
        ScalarConverter.CellFunction same = (v, ctx) -> v;
        m.put(Boolean.class, ScalarConverter.natural(Boolean.class, ColumnType.BOOL, same, same));
        m.put(Long.class, ScalarConverter.natural(Long.class, ColumnType.INT, same, same));
        m.put(Double.class, ScalarConverter.natural(Double.class, ColumnType.FLOAT, same, same));
        m.put(BigDecimal.class, ScalarConverter.natural(BigDecimal.class, ColumnType.DECIMAL,
                (v, ctx) -> decimal((BigDecimal) v, ctx), same));
        m.put(String.class, ScalarConverter.natural(String.class, ColumnType.STRING, Scalars::text, Scalars::text));
        m.put(byte[].class, ScalarConverter.natural(byte[].class, ColumnType.BINARY, Scalars::bytes, Scalars::bytes));
        m.put(JsonText.class, ScalarConverter.natural(JsonText.class, ColumnType.JSON, same, same));
        m.put(Instant.class, ScalarConverter.natural(Instant.class, ColumnType.DATETIME,
                (v, ctx) -> millis((Instant) v, ctx), same).withText(Object::toString, Instant::parse));

        m.put(Byte.class, integer(Byte.class, Byte.MIN_VALUE, Byte.MAX_VALUE, v -> (byte) (long) v));
        m.put(Short.class, integer(Short.class, Short.MIN_VALUE, Short.MAX_VALUE, v -> (short) (long) v));
        m.put(Integer.class, integer(Integer.class, Integer.MIN_VALUE, Integer.MAX_VALUE, v -> (int) (long) v));
        m.put(Float.class, ScalarConverter.of(Float.class, ColumnType.FLOAT, (v, ctx) -> ((Float) v).doubleValue(),
                (cell, ctx) -> toFloat((Double) cell, ctx)));
        m.put(Character.class, ScalarConverter.of(Character.class, ColumnType.STRING, (v, ctx) -> v.toString(),
                (cell, ctx) -> {
                    String s = (String) cell;
                    if (s.length() != 1) {
                        throw ctx.fail(MappingException.Reason.INVALID_VALUE, "'" + s + "' is not one UTF-16 unit");
                    }
                    return s.charAt(0);
                }));
        m.put(BigInteger.class, ScalarConverter.of(BigInteger.class, ColumnType.DECIMAL,
                (v, ctx) -> decimal(new BigDecimal((BigInteger) v), ctx),
                (cell, ctx) -> ((BigDecimal) cell).toBigIntegerExact()));
        m.put(Duration.class, ScalarConverter.of(Duration.class, ColumnType.DECIMAL,
                (v, ctx) -> seconds((Duration) v), (cell, ctx) -> duration((BigDecimal) cell))
                .withText(Object::toString, Duration::parse));
        m.put(LocalTime.class, ScalarConverter.of(LocalTime.class, ColumnType.INT,
                (v, ctx) -> ((LocalTime) v).toNanoOfDay(), (cell, ctx) -> {
                    long nanos = (Long) cell;
                    if (nanos < 0 || nanos >= NANOS_PER_DAY) {
                        throw ctx.fail(MappingException.Reason.OUT_OF_RANGE, nanos + " is not a nanosecond of a day");
                    }
                    return LocalTime.ofNanoOfDay(nanos);
                }).withText(Object::toString, LocalTime::parse));
        m.put(Year.class, ScalarConverter.of(Year.class, ColumnType.INT, (v, ctx) -> (long) ((Year) v).getValue(),
                (cell, ctx) -> Year.of((int) range((Long) cell, Year.MIN_VALUE, Year.MAX_VALUE, "Year", ctx))));
        m.put(LocalDate.class, ScalarConverter.of(LocalDate.class, ColumnType.DATETIME,
                (v, ctx) -> millis(((LocalDate) v).atStartOfDay(ZoneOffset.UTC).toInstant(), ctx),
                (cell, ctx) -> date((Instant) cell, ctx)).withText(Object::toString, LocalDate::parse));
        m.put(LocalDateTime.class, ScalarConverter.of(LocalDateTime.class, ColumnType.DATETIME,
                (v, ctx) -> millis(((LocalDateTime) v).toInstant(ZoneOffset.UTC), ctx),
                (cell, ctx) -> LocalDateTime.ofInstant((Instant) cell, ZoneOffset.UTC))
                .withText(Object::toString, LocalDateTime::parse));

        text(m, OffsetDateTime.class, Object::toString, OffsetDateTime::parse);
        text(m, ZonedDateTime.class, Object::toString, ZonedDateTime::parse);
        text(m, Period.class, Object::toString, Period::parse);
        text(m, YearMonth.class, v -> YEAR_MONTH.format((YearMonth) v), YearMonth::parse);
        text(m, MonthDay.class, Object::toString, MonthDay::parse);
        text(m, ZoneId.class, v -> ((ZoneId) v).getId(), ZoneId::of);
        text(m, ZoneOffset.class, v -> ((ZoneOffset) v).getId(), ZoneOffset::of);
        text(m, UUID.class, Object::toString, Scalars::uuid);
        text(m, URI.class, Object::toString, URI::create);
        text(m, URL.class, v -> ((URL) v).toExternalForm(), Scalars::url);
        m.put(Path.class, ScalarConverter.of(Path.class, ColumnType.STRING, (v, ctx) -> path((Path) v, ctx),
                (cell, ctx) -> Path.of((String) cell)));
        text(m, InetAddress.class, v -> ((InetAddress) v).getHostAddress(), Scalars::inetAddress);
        m.put(Pattern.class, ScalarConverter.of(Pattern.class, ColumnType.STRING, (v, ctx) -> pattern((Pattern) v, ctx),
                (cell, ctx) -> Pattern.compile((String) cell)));
        text(m, Locale.class, v -> ((Locale) v).toLanguageTag(), Locale::forLanguageTag);
        text(m, Currency.class, v -> ((Currency) v).getCurrencyCode(), Currency::getInstance);
        m.put(ByteBuffer.class, ScalarConverter.of(ByteBuffer.class, ColumnType.BINARY, (v, ctx) -> {
            ByteBuffer b = ((ByteBuffer) v).duplicate();
            byte[] bytes = new byte[b.remaining()];
            b.get(bytes);
            return bytes((Object) bytes, ctx);
        }, (cell, ctx) -> ByteBuffer.wrap((byte[]) bytes(cell, ctx))));
        return Map.copyOf(m);
    }

    private static void text(Map<Class<?>, ScalarConverter> m, Class<?> type, Function<Object, String> format,
                             Function<String, Object> parse) {
        m.put(type, ScalarConverter.of(type, ColumnType.STRING, (v, ctx) -> format.apply(v),
                (cell, ctx) -> parse.apply((String) cell)));
    }

    private static ScalarConverter integer(Class<?> type, long min, long max, Function<Long, Object> narrow) {
        return ScalarConverter.of(type, ColumnType.INT, (v, ctx) -> ((Number) v).longValue(),
                (cell, ctx) -> narrow.apply(range((Long) cell, min, max, type.getSimpleName(), ctx)));
    }

    /** {@code value}, refused as out of range unless it is from {@code min} to {@code max}. */
    static long range(long value, long min, long max, String type, MappingContext ctx) {
        if (value < min || value > max) {
            throw ctx.fail(MappingException.Reason.OUT_OF_RANGE, value + " is out of range for " + type
                    + " (" + min + " to " + max + ")");
        }
        return value;
    }

    private static Object toFloat(double d, MappingContext ctx) {
        float f = (float) d;
        // NaN never equals itself, and keeps being NaN as a float.
        if (f != d && !Double.isNaN(d)) {
            throw ctx.fail(MappingException.Reason.OUT_OF_RANGE, d + " has no exact float value");
        }
        return f;
    }

    /** A string cell, refused when longer than the options allow. */
    static Object text(Object v, MappingContext ctx) {
        ctx.checkText(((String) v).length(), "string");
        return v;
    }

    private static Object bytes(Object v, MappingContext ctx) {
        ctx.checkText(((byte[]) v).length, "binary value");
        return v;
    }

    private static BigDecimal decimal(BigDecimal d, MappingContext ctx) {
        if (d.scale() < 0) {
            throw ctx.fail(MappingException.Reason.NOT_REPRESENTABLE, d + " has a negative scale, which JAZMIN "
                    + "decimals cannot keep; write d.setScale(0) if the scale does not matter");
        }
        if (d.scale() > MAX_DECIMAL_SCALE || d.precision() > MAX_DECIMAL_DIGITS) {
            throw ctx.fail(MappingException.Reason.NOT_REPRESENTABLE, "decimals hold at most " + MAX_DECIMAL_DIGITS
                    + " digits and " + MAX_DECIMAL_SCALE + " after the point");
        }
        return d;
    }

    /**
     * Applies the sub-millisecond policy and the year range: datetimes hold milliseconds of years 1-9999.
     * An operand keeps its instant: it is compared exactly, never stored.
     */
    static Instant millis(Instant i, MappingContext ctx) {
        if (ctx.operands()) {
            return i;
        }
        if (i.getNano() % 1_000_000 != 0) {
            if (ctx.options().subMillis() == MappingOptions.SubMillis.REJECT) {
                throw ctx.fail(MappingException.Reason.SUB_MILLISECOND, i + " has sub-millisecond digits, which "
                        + "JAZMIN 1.0 datetimes cannot hold; choose SubMillis.TRUNCATE or a String member");
            }
            i = i.truncatedTo(ChronoUnit.MILLIS);
        }
        if (i.isBefore(FIRST_DATETIME) || i.isAfter(LAST_DATETIME)) {
            throw ctx.fail(MappingException.Reason.OUT_OF_RANGE, i + " is outside years 0001-9999 of datetime columns");
        }
        return i;
    }

    private static LocalDate date(Instant at, MappingContext ctx) {
        long ms = at.toEpochMilli();
        if (Math.floorMod(ms, MILLIS_PER_DAY) != 0) {
            throw ctx.fail(MappingException.Reason.NOT_REPRESENTABLE, at + " is not midnight UTC, so not a LocalDate");
        }
        return LocalDate.ofEpochDay(Math.floorDiv(ms, MILLIS_PER_DAY));
    }

    private static BigDecimal seconds(Duration d) {
        BigInteger nanos = BigInteger.valueOf(d.getSeconds()).multiply(NANOS_PER_SECOND)
                .add(BigInteger.valueOf(d.getNano()));
        return new BigDecimal(nanos, 9);
    }

    private static Duration duration(BigDecimal seconds) {
        // Exact or refused: more than 9 digits after the point, or seconds beyond 64 bits, throw.
        BigInteger[] parts = seconds.setScale(9).unscaledValue().divideAndRemainder(NANOS_PER_SECOND);
        BigInteger secs = parts[0];
        long nanos = parts[1].longValueExact();
        if (nanos < 0) {
            secs = secs.subtract(BigInteger.ONE);
            nanos += 1_000_000_000L;
        }
        return Duration.ofSeconds(secs.longValueExact(), nanos);
    }

    /** A URL parsed as a URI first, so nothing but the text is looked at (no host lookup, no handler I/O). */
    private static URL url(String text) {
        try {
            return URI.create(text).toURL();
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    private static String path(Path p, MappingContext ctx) {
        if (p.getFileSystem() != FileSystems.getDefault()) {
            throw ctx.fail(MappingException.Reason.NOT_REPRESENTABLE, p + " belongs to another file system than the "
                    + "default one, which is what it would be read back on");
        }
        return p.toString();
    }

    /** The pattern's text, refused when it was compiled with flags its text does not spell inline. */
    private static String pattern(Pattern p, MappingContext ctx) {
        if (p.flags() != 0 && Pattern.compile(p.pattern()).flags() != p.flags()) {
            throw ctx.fail(MappingException.Reason.NOT_REPRESENTABLE, "flags given to Pattern.compile (" + p.flags()
                    + ") are not stored; write them inline, as in (?i)");
        }
        return p.pattern();
    }

    /**
     * An IP address literal: IPv4 dotted quads are decoded here, and IPv6 literals (a colon, and a
     * hex digit or colon first), which {@link InetAddress#getByName} parses or refuses without asking
     * DNS; anything else (a host name) is refused.
     */
    private static InetAddress inetAddress(String text) {
        try {
            if (text.indexOf(':') >= 0 && (Character.digit(text.charAt(0), 16) >= 0 || text.charAt(0) == ':')) {
                return InetAddress.getByName(text);
            }
            Matcher quad = IPV4.matcher(text);
            if (!quad.matches()) {
                throw new IllegalArgumentException("not an IP address literal (host names are never resolved)");
            }
            byte[] address = new byte[4];
            for (int i = 0; i < 4; i++) {
                int part = Integer.parseInt(quad.group(i + 1));
                if (part > 255) {
                    throw new IllegalArgumentException(part + " is not an IPv4 address byte");
                }
                address[i] = (byte) part;
            }
            return InetAddress.getByAddress(address);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    private static UUID uuid(String text) {
        UUID u = UUID.fromString(text);
        // UUID.fromString accepts shortened groups ("1-1-1-1-1"); only the canonical form is a UUID cell.
        if (!u.toString().equalsIgnoreCase(text)) {
            throw new IllegalArgumentException("not the canonical 8-4-4-4-12 form");
        }
        return u;
    }
}
