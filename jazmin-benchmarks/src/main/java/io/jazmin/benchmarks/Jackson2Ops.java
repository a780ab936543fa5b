package io.jazmin.benchmarks;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import com.fasterxml.jackson.module.blackbird.BlackbirdModule;
import io.jazmin.benchmarks.CustomersData.Customer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.function.Predicate;

/**
 * Jackson 2 databind with the Blackbird module (generated accessors instead of reflection) beside
 * {@link JacksonOps}' Jackson 3: parse the whole JSON array into records, then walk them. java.time
 * comes from the jsr310 module (built into Jackson 3).
 */
public final class Jackson2Ops {
    private static final ObjectMapper MAPPER = JsonMapper.builder().addModule(new JavaTimeModule())
            .addModule(new BlackbirdModule()).build();
    private static final ObjectReader ARRAY_READER = MAPPER.readerFor(Customer[].class);

    private Jackson2Ops() {
    }

    public static Customer[] parseAll(Path file) {
        try {
            return ARRAY_READER.readValue(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The parsed records, for {@link StreamedCustomers}. */
    static void stream(Path file, Predicate<Customer> sink) {
        for (Customer c : parseAll(file)) {
            if (!sink.test(c)) {
                return;
            }
        }
    }

    public static Customer findById(Path file, long id) {
        return StreamedCustomers.findById(Jackson2Ops::stream, file, id);
    }

    public static long readAllRecords(Path file) {
        return StreamedCustomers.readAll(Jackson2Ops::stream, file);
    }
}
