package io.jazmin.mapping;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.URI;
import java.net.URL;
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
import java.util.Currency;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.SortedSet;
import java.util.UUID;
import java.util.regex.Pattern;

/** A record with a member of every supported type (typed-values.md §3.2), for round-trip tests. */
record AllTypes(
        long id, boolean flag, Boolean boxedFlag, byte tiny, short small, int number, Integer boxedNumber,
        float single, double real, Double boxedReal, char letter, String text,
        BigDecimal decimal, BigInteger big, Instant at, LocalDate date, LocalDateTime dateTime, LocalTime time,
        OffsetDateTime offsetDateTime, ZonedDateTime zonedDateTime, Duration duration, Period period, Year year,
        YearMonth yearMonth, MonthDay monthDay, ZoneId zone, ZoneOffset offset, UUID uuid, URI uri, Locale locale,
        Currency currency, Color color, Optional<String> maybeText, Optional<LocalDate> maybeDate,
        OptionalInt maybeInt, OptionalLong maybeLong, OptionalDouble maybeDouble, byte[] bytes, ByteBuffer buffer,
        int[] ints, double[] doubles, String[] strings, List<String> list, Set<Integer> set, SortedSet<String> sorted,
        Map<String, Double> scores, Map<UUID, Instant> stamps, Map<Color, List<Long>> byColor, Address address,
        List<Address> addresses, Shape shape, Map<String, Object> plain, Byte boxedTiny, Short boxedSmall,
        Long boxedLong, Float boxedSingle, Character boxedLetter, URL url, Path path, InetAddress inet,
        Pattern pattern, long[] longs, float[] floats, Map<LocalDate, String> byDate) {

    enum Color { RED, GREEN, BLUE }

    record Address(String city, Optional<String> zip, List<String> lines) {
    }

    sealed interface Shape permits Circle, Square {
    }

    record Circle(double radius) implements Shape {
    }

    record Square(float side, Color color) implements Shape {
    }
}
