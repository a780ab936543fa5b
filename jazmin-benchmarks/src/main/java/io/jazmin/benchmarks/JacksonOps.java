package io.jazmin.benchmarks;

import io.jazmin.benchmarks.CustomersData.Customer;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Jackson 3 baselines: databind (parse the whole JSON array into records, then find/filter in
 * memory) and the streaming parser (one pass, records built by hand; the lookup skips every other
 * object and stops at the row).
 */
public final class JacksonOps {
    public static final ObjectMapper MAPPER = JsonMapper.builder().build();
    private static final ObjectReader ARRAY_READER = MAPPER.readerFor(Customer[].class);
    private static final ObjectWriter LIST_WRITER = MAPPER.writerFor(Customer[].class);
    private static final DateTimeFormatter JS_DATE =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private JacksonOps() {
    }

    /** The JSON file as the reference measures it: JSON.stringify(rows), dates as ISO text with ms. */
    public static void writeReferenceJson(OutputStream out, int rows) {
        try (JsonGenerator g = MAPPER.createGenerator(out)) {
            g.writeStartArray();
            for (long i = 0; i < rows; i++) {
                g.writeStartObject();
                g.writeName("id");
                g.writeNumber(i);
                g.writeName("name");
                g.writeString(CustomersData.name(i));
                g.writeName("email");
                g.writeString(CustomersData.email(i));
                g.writeName("country");
                g.writeString(CustomersData.country(i));
                g.writeName("age");
                g.writeNumber((long) CustomersData.age(i));
                g.writeName("balance");
                double b = CustomersData.balance(i);
                if (b == Math.rint(b)) {
                    g.writeNumber((long) b); // JavaScript prints 12330, not 12330.0
                } else {
                    g.writeNumber(b);
                }
                g.writeName("joined");
                g.writeString(JS_DATE.format(CustomersData.joined(i)));
                g.writeName("active");
                g.writeBoolean(CustomersData.active(i));
                g.writeEndObject();
            }
            g.writeEndArray();
        }
    }

    /** Parses the whole array into records. */
    public static Customer[] parseAll(Path file) {
        return ARRAY_READER.readValue(file.toFile());
    }

    /** Parse everything, then find the id. */
    public static Customer findById(Path file, long id) {
        for (Customer c : parseAll(file)) {
            if (c.id() == id) {
                return c;
            }
        }
        return null;
    }

    public static long filterCount(Path file) {
        long n = 0;
        for (Customer c : parseAll(file)) {
            if (CustomersData.matchesFilter(c.country(), c.age() == null ? Integer.MIN_VALUE : c.age())) {
                n++;
            }
        }
        return n;
    }

    public static List<Customer> filterRows(Path file) {
        List<Customer> out = new ArrayList<>();
        for (Customer c : parseAll(file)) {
            if (CustomersData.matchesFilter(c.country(), c.age() == null ? Integer.MIN_VALUE : c.age())) {
                out.add(c);
            }
        }
        return out;
    }

    public static long containsCount(Path file) {
        long n = 0;
        for (Customer c : parseAll(file)) {
            if (CustomersData.matchesContains(c.name())) {
                n++;
            }
        }
        return n;
    }

    public static double sumBalance(Path file) {
        double s = 0;
        for (Customer c : parseAll(file)) {
            s += c.balance();
        }
        return s;
    }

    public static long readAllRecords(Path file) {
        long sum = 0;
        for (Customer c : parseAll(file)) {
            sum += c.id() + c.name().length();
        }
        return sum;
    }

    public static void write(Path file, List<Customer> rows) {
        LIST_WRITER.writeValue(file.toFile(), rows.toArray(new Customer[0]));
    }

    /** The five headline questions, each parsing the whole file with databind (no lookup can stop early). */
    public static CustomerQueries databind(Path file) {
        return CustomerQueries.of(id -> findById(file, id), () -> filterCount(file), () -> containsCount(file),
                () -> sumBalance(file), () -> readAllRecords(file));
    }

    /**
     * The five headline questions with the streaming parser: the lookup reads each object's id and
     * skips the rest of the others, stopping at the row ({@link #streamFindById}); the rest stream
     * every record.
     */
    public static CustomerQueries streaming(Path file) {
        return StreamedCustomers.queries(JacksonOps::stream, JacksonOps::streamFindById, file);
    }

    // ---- streaming parser: one pass, records built by hand ----

    /** Streams the array, building each record, and hands it to {@code sink} until it returns false. */
    static void stream(Path file, Predicate<Customer> sink) {
        try (JsonParser p = arrayParser(file)) {
            while (p.nextToken() == JsonToken.START_OBJECT) {
                if (!sink.test(object(p, p.nextName(), 0))) {
                    return;
                }
            }
        }
    }

    /**
     * The customer with {@code id}: reads each object's first field and, when it is a different id,
     * skips the rest of the object without building anything; stops at the row.
     */
    public static Customer streamFindById(Path file, long id) {
        try (JsonParser p = arrayParser(file)) {
            while (p.nextToken() == JsonToken.START_OBJECT) {
                String field = p.nextName();
                if ("id".equals(field) && p.nextToken() != JsonToken.VALUE_NULL) {
                    long got = p.getLongValue();
                    if (got != id) {
                        skipRestOfObject(p);
                        continue;
                    }
                    return object(p, p.nextName(), got);
                }
                Customer c = object(p, field, 0);
                if (c.id() == id) {
                    return c;
                }
            }
            return null;
        }
    }

    private static JsonParser arrayParser(Path file) {
        JsonParser p = MAPPER.createParser(file);
        if (p.nextToken() != JsonToken.START_ARRAY) {
            p.close();
            throw new IllegalStateException("not a JSON array: " + file);
        }
        return p;
    }

    /** Skips to the end of the object the parser is in. */
    private static void skipRestOfObject(JsonParser p) {
        for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
            if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                p.skipChildren();
            }
        }
    }

    /**
     * Reads the rest of an object into a customer: {@code field} is the name just read ({@code null}
     * at the object's end), {@code id} the id already read (0 if none).
     */
    private static Customer object(JsonParser p, String field, long id) {
        String name = null;
        String email = null;
        String country = null;
        Integer age = null;
        Double balance = null;
        Instant joined = null;
        Boolean active = null;
        for (; field != null; field = p.nextName()) {
            JsonToken t = p.nextToken();
            if (t == JsonToken.VALUE_NULL) {
                continue;
            }
            switch (field) {
                case "id" -> id = p.getLongValue();
                case "name" -> name = p.getString();
                case "email" -> email = p.getString();
                case "country" -> country = p.getString();
                case "age" -> age = p.getIntValue();
                case "balance" -> balance = p.getDoubleValue();
                case "joined" -> joined = Instant.parse(p.getString());
                case "active" -> active = t == JsonToken.VALUE_TRUE;
                default -> p.skipChildren();
            }
        }
        return new Customer(id, name, email, country, age, balance, joined, active);
    }

    public static long streamFilterCount(Path file) {
        return StreamedCustomers.filterCount(JacksonOps::stream, file);
    }

    public static long streamContainsCount(Path file) {
        return StreamedCustomers.containsCount(JacksonOps::stream, file);
    }

    public static long streamReadAll(Path file) {
        return StreamedCustomers.readAll(JacksonOps::stream, file);
    }
}
