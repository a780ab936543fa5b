package io.jazmin.cli;

import io.jazmin.data.Filter;
import io.jazmin.error.JazminValidationException;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Parses {@code --where JSON}; a malformed filter is a usage error. */
final class FilterConverter implements ITypeConverter<Filter> {
    @Override
    public Filter convert(String value) {
        try {
            return Filter.parse(value);
        } catch (JazminValidationException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
