package io.jazmin.query;

import io.jazmin.mapping.JazminMapper;
import io.jazmin.mapping.annotation.JazminColumn;
import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.mapping.annotation.JazminIgnore;
import io.jazmin.options.WriteOptions;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The record the typed query tests query: a renamed column ({@code country} in {@code nation}),
 * every ordered column type, an optional, an enum, a json member and an ignored one.
 */
record Shopper(@JazminId long id, String name, @JazminColumn(name = "nation") String country, int age,
               LocalDate born, boolean active, Level level, Optional<String> email, double score,
               BigDecimal balance, Map<String, Integer> extra, @JazminIgnore String note) {

    enum Level { LOW, MID, HIGH }

    static final JazminMapper<Shopper> MAPPER = JazminMapper.forType(Shopper.class);

    private static final String[] NAMES = {"Ann", "anna", "Bob", "Bonnie", "Carl", "ANNE", "Dana", "Joanna", "Ed"};
    private static final String[] COUNTRIES = {"NA", "ZA", "BW", "na"};

    /** Row {@code i} of the fixed data: every few rows a null name, no email, no country. */
    static Shopper of(long i) {
        int k = (int) i;
        String name = k % 11 == 10 ? null : NAMES[k % NAMES.length];
        String country = k % 13 == 12 ? null : COUNTRIES[(k * 7) % COUNTRIES.length];
        Optional<String> email = k % 3 == 0 ? Optional.empty() : Optional.of("u" + k + "@x.org");
        return new Shopper(i, name, country, 18 + (k * 37) % 70, LocalDate.of(1950, 1, 1).plusDays(k * 397L),
                k % 2 == 0, Level.values()[k % 3], email, (k * 13 % 17) / 4.0, BigDecimal.valueOf(k * 125L, 2),
                k % 5 == 0 ? null : Map.of("k", k), null);
    }

    static List<Shopper> rows(int n) {
        List<Shopper> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(of(i));
        }
        return out;
    }

    /** Writes {@code rows} in small chunks, so statistics and the id index have something to prune. */
    static void write(Path file, List<Shopper> rows) {
        MAPPER.write(file, rows, WriteOptions.defaults().withChunkRows(16));
    }
}
