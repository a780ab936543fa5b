package io.jazmin.cli;

import io.jazmin.schema.Codec;
import io.jazmin.error.JazminValidationException;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Parses {@code --codec none|deflate|brotli}; a wrong name is a usage error. */
final class CodecConverter implements ITypeConverter<Codec> {
    @Override
    public Codec convert(String value) {
        try {
            return Codec.fromName(value);
        } catch (JazminValidationException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
