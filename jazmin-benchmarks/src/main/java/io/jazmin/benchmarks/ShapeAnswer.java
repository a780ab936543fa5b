package io.jazmin.benchmarks;

import java.math.BigDecimal;
import java.nio.file.Path;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.json.JsonMapper;

/**
 * What {@link ShapeExportBenchmark}'s export says, read back with a streaming parser (the output of
 * a million lines is too big for a tree): the clients, the fewest and most lines of one client
 * ({@code n}), and the sum of their {@code total}s.
 */
record ShapeAnswer(long clients, long minLines, long maxLines, BigDecimal total) {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    ShapeAnswer {
        total = total.stripTrailingZeros();
    }

    static ShapeAnswer read(Path json) {
        long clients = 0;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        BigDecimal total = BigDecimal.ZERO;
        try (JsonParser p = MAPPER.createParser(json.toFile())) {
            expect(p.nextToken(), JsonToken.START_OBJECT);
            if (!"clients".equals(p.nextName())) {
                throw new IllegalStateException("the export does not start with \"clients\"");
            }
            expect(p.nextToken(), JsonToken.START_ARRAY);
            while (p.nextToken() == JsonToken.START_OBJECT) {
                clients++;
                String field;
                while ((field = p.nextName()) != null) {
                    JsonToken t = p.nextToken();
                    switch (field) {
                        case "n" -> {
                            min = Math.min(min, p.getLongValue());
                            max = Math.max(max, p.getLongValue());
                        }
                        case "total" -> total = total.add(t == JsonToken.VALUE_STRING
                                ? new BigDecimal(p.getString()) : p.getDecimalValue());
                        default -> p.skipChildren();
                    }
                }
            }
        }
        return new ShapeAnswer(clients, min, max, total);
    }

    private static void expect(JsonToken got, JsonToken want) {
        if (got != want) {
            throw new IllegalStateException("export output: expected " + want + ", found " + got);
        }
    }
}
