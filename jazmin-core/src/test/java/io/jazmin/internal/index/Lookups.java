package io.jazmin.internal.index;

import io.jazmin.schema.ColumnType;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Random;

/**
 * Random lookups for a column, drawn mostly from its own values (so they hit), with variants that
 * must compare equal (decimals with another scale, −0, datetimes as instants) and values that miss.
 */
final class Lookups {
    private final ColumnType type;
    private final List<Object> values;
    private final Random random;

    Lookups(ColumnType type, Object[] cells, Random random) {
        this.type = type;
        this.values = Arrays.stream(cells).filter(Objects::nonNull).toList();
        this.random = random;
    }

    /** {@code n} lookups a sorted index answers: eq, in, ranges, startsWith (text), isNull. */
    List<IndexLookup> sorted(int n) {
        List<IndexLookup> out = new ArrayList<>();
        out.add(new IndexLookup.IsNull());
        out.add(new IndexLookup.Range(null, true, null, true));
        out.add(new IndexLookup.In(List.of()));
        for (int i = 0; i < n; i++) {
            switch (random.nextInt(type == ColumnType.STRING ? 4 : 3)) {
                case 0 -> out.add(new IndexLookup.Eq(value()));
                case 1 -> out.add(new IndexLookup.In(List.of(value(), value(), value())));
                case 2 -> out.add(new IndexLookup.Range(random.nextInt(5) == 0 ? null : value(), random.nextBoolean(),
                        random.nextInt(5) == 0 ? null : value(), random.nextBoolean()));
                default -> out.add(new IndexLookup.StartsWith(prefix()));
            }
        }
        return out;
    }

    /** {@code n} contains / icontains lookups, usable or not for a trigram index. */
    List<IndexLookup> contains(int n) {
        List<IndexLookup> out = new ArrayList<>();
        out.add(new IndexLookup.Contains("ab", false));
        out.add(new IndexLookup.Contains("\u00e9t\u00e9", true));
        for (int i = 0; i < n; i++) {
            String text = values.isEmpty() || random.nextInt(8) == 0 ? randomText() : substring((String) pick());
            out.add(new IndexLookup.Contains(random.nextBoolean() ? flipCase(text) : text, random.nextBoolean()));
        }
        return out;
    }

    /** A value of the column, one of its equal variants, or one that is probably absent. */
    Object value() {
        if (values.isEmpty() || random.nextInt(6) == 0) {
            return absent();
        }
        Object v = pick();
        if (random.nextInt(3) > 0) {
            return v;
        }
        return switch (type) {
            case DECIMAL -> ((BigDecimal) v).setScale(((BigDecimal) v).scale() + 1 + random.nextInt(3));
            case FLOAT -> (Double) v == 0 ? -0.0 : v;
            case DATETIME -> Instant.ofEpochMilli((Long) v);
            case INT -> (Long) v + (random.nextBoolean() ? 1 : -1);
            case STRING -> v + (random.nextBoolean() ? "\u0000" : "");
            default -> v;
        };
    }

    private Object pick() {
        return values.get(random.nextInt(values.size()));
    }

    private Object absent() {
        return switch (type) {
            case BOOL -> random.nextBoolean();
            case INT, DATETIME -> random.nextInt(7) == 0 ? Long.MIN_VALUE : (long) random.nextInt(2000) - 1000;
            case FLOAT -> random.nextInt(7) == 0 ? Double.NaN : random.nextGaussian() * 100;
            case DECIMAL -> BigDecimal.valueOf(random.nextInt(20000) - 10000, random.nextInt(4));
            default -> randomText();
        };
    }

    private String prefix() {
        if (values.isEmpty() || random.nextInt(8) == 0) {
            return randomText();
        }
        String s = IndexKeys.wellFormed((String) pick());
        return s.substring(0, random.nextInt(Math.min(s.length(), 5) + 1));
    }

    private String substring(String s) {
        if (s.length() < 2) {
            return s;
        }
        int from = random.nextInt(s.length() - 1);
        return s.substring(from, Math.min(s.length(), from + 2 + random.nextInt(6)));
    }

    private String flipCase(String s) {
        StringBuilder sb = new StringBuilder(s);
        for (int i = 0; i < sb.length(); i++) {
            if (random.nextBoolean()) {
                char c = sb.charAt(i);
                sb.setCharAt(i, Character.isUpperCase(c) ? Character.toLowerCase(c) : Character.toUpperCase(c));
            }
        }
        return sb.toString();
    }

    private String randomText() {
        String alphabet = "abcABC é\u00c9\ud83d\ude00";
        StringBuilder sb = new StringBuilder();
        for (int i = random.nextInt(5); i > 0; i--) {
            sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return sb.toString();
    }
}
