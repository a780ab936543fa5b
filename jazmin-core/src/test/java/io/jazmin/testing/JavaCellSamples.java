package io.jazmin.testing;

import io.jazmin.schema.JsonText;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
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
import java.util.Arrays;
import java.util.Currency;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Values of every Java type of the engine's Java-to-cell table ({@code io.jazmin.mapping.JavaCells}),
 * edges included, for the tests that each module converts them as the table does. A test checks
 * that these name exactly the table's types, so a type added to the table needs its values here.
 */
public final class JavaCellSamples {
    /** An enum: the table stores every enum by name. */
    public enum Color { RED, GREEN }

    private JavaCellSamples() {
    }

    /** Values by Java type (boxed), in a fixed order. */
    public static Map<Class<?>, List<Object>> values() {
        Map<Class<?>, List<Object>> m = new LinkedHashMap<>();
        m.put(Boolean.class, List.of(true, false));
        m.put(Long.class, List.of(Long.MIN_VALUE, 0L, Long.MAX_VALUE));
        m.put(Double.class, List.of(-0.0, 1.5, Double.NaN, Double.NEGATIVE_INFINITY));
        m.put(BigDecimal.class, List.of(new BigDecimal("1.500000000"), new BigDecimal("-12345678901234567890.000000001")));
        m.put(String.class, List.of("", "caf\u00e9 \uD83D\uDE00"));
        m.put(byte[].class, List.of(new byte[0], new byte[] {0, -1, 7}));
        m.put(JsonText.class, List.of(JsonText.of("{\"a\":[1,2]}")));
        m.put(Instant.class, List.of(Instant.parse("0001-01-01T00:00:00Z"), Instant.parse("2024-02-29T12:34:56.789Z")));
        m.put(Byte.class, List.of(Byte.MIN_VALUE, (byte) 0, Byte.MAX_VALUE));
        m.put(Short.class, List.of(Short.MIN_VALUE, Short.MAX_VALUE));
        m.put(Integer.class, List.of(Integer.MIN_VALUE, 42, Integer.MAX_VALUE));
        m.put(Float.class, List.of(-0.0f, 0.1f, Float.NaN, Float.POSITIVE_INFINITY));
        m.put(Character.class, List.of('x', '\u00e9'));
        m.put(BigInteger.class, List.of(BigInteger.ZERO, new BigInteger("-123456789012345678901234567")));
        m.put(Duration.class, List.of(Duration.ZERO, Duration.ofSeconds(-3, 1), Duration.ofDays(400).plusNanos(999_999_999)));
        m.put(LocalTime.class, List.of(LocalTime.MIDNIGHT, LocalTime.MAX));
        m.put(Year.class, List.of(Year.of(-5), Year.of(2024)));
        m.put(LocalDate.class, List.of(LocalDate.of(1, 1, 1), LocalDate.of(9999, 12, 31)));
        m.put(LocalDateTime.class, List.of(LocalDateTime.of(2024, 2, 29, 23, 59, 59, 999_000_000)));
        m.put(OffsetDateTime.class, List.of(OffsetDateTime.parse("2024-01-02T03:04:05.123456789+05:30")));
        m.put(ZonedDateTime.class, List.of(ZonedDateTime.parse("2024-07-01T10:00:00+02:00[Europe/Paris]")));
        m.put(Period.class, List.of(Period.of(1, -2, 3)));
        m.put(YearMonth.class, List.of(YearMonth.of(2024, 2), YearMonth.of(10000, 1)));
        m.put(MonthDay.class, List.of(MonthDay.of(2, 29)));
        m.put(ZoneId.class, List.of(ZoneId.of("Africa/Johannesburg"), ZoneId.of("UTC")));
        m.put(ZoneOffset.class, List.of(ZoneOffset.ofHoursMinutes(-9, -30)));
        m.put(UUID.class, List.of(UUID.fromString("123e4567-e89b-12d3-a456-426614174000")));
        m.put(URI.class, List.of(URI.create("https://example.org/a?b=c#d")));
        m.put(URL.class, List.of(url("https://example.org/x")));
        m.put(Path.class, List.of(Path.of("a", "b.txt")));
        m.put(InetAddress.class, List.of(inet(new byte[] {127, 0, 0, 1}), inet(new byte[16])));
        m.put(Pattern.class, List.of(Pattern.compile("(?i)a+b")));
        m.put(Locale.class, List.of(Locale.US, Locale.forLanguageTag("sr-Latn-RS")));
        m.put(Currency.class, List.of(Currency.getInstance("ZAR")));
        m.put(ByteBuffer.class, List.of(ByteBuffer.wrap(new byte[] {1, 2, 3})));
        return m;
    }

    /**
     * Whether two values of one type are the same value: arrays by content, patterns by text and
     * flags, URLs by their text (never {@code URL.equals}, which may look hosts up), the rest by {@code equals}.
     */
    public static boolean same(Object a, Object b) {
        if (a instanceof byte[] x && b instanceof byte[] y) {
            return Arrays.equals(x, y);
        }
        if (a instanceof Pattern x && b instanceof Pattern y) {
            return x.pattern().equals(y.pattern()) && x.flags() == y.flags();
        }
        if (a instanceof URL x && b instanceof URL y) {
            return x.toExternalForm().equals(y.toExternalForm());
        }
        return Objects.equals(a, b);
    }

    private static URL url(String text) {
        try {
            return URI.create(text).toURL();
        } catch (java.net.MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static InetAddress inet(byte[] address) {
        try {
            return InetAddress.getByAddress(address);
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }
}
