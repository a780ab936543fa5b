package io.jazmin.cli;

import io.jazmin.schema.IndexKind;
import io.jazmin.error.JazminValidationException;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * One {@code --index COLUMN:KIND} of {@code convert}.
 *
 * @param column the column to index
 * @param kind   the index to build on it
 */
record IndexOption(String column, IndexKind kind) {

    /** Parses {@code COLUMN:sorted} or {@code COLUMN:trigram}; anything else is a usage error. */
    static final class Converter implements ITypeConverter<IndexOption> {
        @Override
        public IndexOption convert(String value) {
            int colon = value.lastIndexOf(':');
            if (colon <= 0) {
                throw new TypeConversionException("expected COLUMN:KIND (KIND sorted or trigram), got '" + value + "'");
            }
            try {
                return new IndexOption(value.substring(0, colon), IndexKind.fromName(value.substring(colon + 1)));
            } catch (JazminValidationException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
