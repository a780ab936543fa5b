package io.jazmin.internal.column;

import io.jazmin.schema.ColumnType;
import io.jazmin.schema.JsonText;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/** jqwik generators of column vectors, mixing edge values, repeats (for dictionaries) and nulls. */
final class ColumnValues {
    private ColumnValues() {
    }

    static Arbitrary<ColumnVector> vectors(ColumnType type) {
        Arbitrary<Object> value = values(type);
        // Few distinct values now and then, so dictionaries and deltas get picked too.
        Arbitrary<List<Object>> pool = value.list().ofMinSize(1).ofMaxSize(3);
        Arbitrary<List<Object>> rows = Arbitraries.oneOf(
                value.injectNull(0.2).list().ofMaxSize(40),
                pool.flatMap(p -> Arbitraries.of(p).injectNull(0.1).list().ofMaxSize(40)),
                Arbitraries.just(List.of()),
                Arbitraries.just(null).list().ofMinSize(1).ofMaxSize(20));
        return rows.map(list -> toVector(type, list));
    }

    static ColumnVector toVector(ColumnType type, List<Object> list) {
        Object[] cells = list.toArray();
        return switch (type) {
            case INT, DATETIME -> Streams.longs(type, java.util.Arrays.copyOf(cells, cells.length, Long[].class));
            case FLOAT -> Streams.doubles(java.util.Arrays.copyOf(cells, cells.length, Double[].class));
            case BOOL -> Streams.bools(java.util.Arrays.copyOf(cells, cells.length, Boolean[].class));
            default -> ColumnVector.ofObjects(type, cells.length, cells);
        };
    }

    @SuppressWarnings("unchecked")
    static Arbitrary<Object> values(ColumnType type) {
        Arbitrary<?> a = switch (type) {
            case BOOL -> Arbitraries.of(true, false);
            case INT -> Arbitraries.oneOf(Arbitraries.longs(), Arbitraries.longs().between(-300, 300),
                    Arbitraries.of(Long.MIN_VALUE, Long.MAX_VALUE, 0L, -1L, 1L << 53, (1L << 53) + 1));
            case DATETIME -> Arbitraries.longs().between(DatetimeRange.MIN_MS, DatetimeRange.MAX_MS)
                    .edgeCases(c -> c.add(0L));
            case FLOAT -> floats();
            case DECIMAL -> decimals();
            case STRING -> strings();
            case BINARY -> Arbitraries.bytes().array(byte[].class).ofMaxSize(20);
            case JSON -> Arbitraries.of("[1]", "{\"a\":null}", "\"t\\u00e9\"", "-1.5e3", "true", " [ ] ", "{}")
                    .map(JsonText::of);
            default -> throw new IllegalArgumentException(type.typeName());
        };
        return (Arbitrary<Object>) a;
    }

    private static Arbitrary<Double> floats() {
        Arbitrary<Double> decimalLike = Combinators.combine(Arbitraries.longs().between(-10_000_000, 10_000_000),
                Arbitraries.integers().between(0, 17)).as((m, s) -> m / Math.pow(10, s));
        Arbitrary<Double> anyBits = Arbitraries.longs().map(Double::longBitsToDouble);
        Arbitrary<Double> edges = Arbitraries.of(-0.0, 0.0, Double.NaN, Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY, 9007199254740991.0, 9007199254740992.0, 9007199254740993.0,
                -9007199254740993.0, Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, 0.1 + 0.2, 1e-22);
        return Arbitraries.oneOf(decimalLike, anyBits, edges);
    }

    private static Arbitrary<BigDecimal> decimals() {
        Arbitrary<BigDecimal> small = Combinators.combine(Arbitraries.longs(), Arbitraries.integers().between(0, 30))
                .as((m, s) -> BigDecimal.valueOf(m, s));
        Arbitrary<BigDecimal> huge = Combinators.combine(Arbitraries.bigIntegers()
                .between(BigInteger.TEN.pow(255).negate(), BigInteger.TEN.pow(256).subtract(BigInteger.ONE)),
                Arbitraries.integers().between(0, 255)).as(BigDecimal::new);
        BigInteger max = BigInteger.TEN.pow(256).subtract(BigInteger.ONE);
        Arbitrary<BigDecimal> edges = Arbitraries.of(new BigDecimal(max, 255), new BigDecimal(max.negate(), 0),
                new BigDecimal("0.00"), new BigDecimal("-0.00"), new BigDecimal("1E+3"), new BigDecimal("12.50"));
        return Arbitraries.oneOf(small, huge, edges);
    }

    private static Arbitrary<String> strings() {
        Arbitrary<Integer> codePoint = Arbitraries.oneOf(Arbitraries.integers().between(0, 0x7F),
                Arbitraries.integers().between(0x80, 0xFFFF).filter(c -> c < 0xD800 || c > 0xDFFF),
                Arbitraries.integers().between(0x10000, 0x10FFFF));
        return codePoint.list().ofMaxSize(12).map(cps -> {
            StringBuilder sb = new StringBuilder();
            cps.forEach(sb::appendCodePoint);
            return sb.toString();
        });
    }
}
