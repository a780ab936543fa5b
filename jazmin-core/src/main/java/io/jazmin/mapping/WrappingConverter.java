package io.jazmin.mapping;

import io.jazmin.schema.ColumnType;
import tools.jackson.databind.node.ObjectNode;

/**
 * A converter around another that keeps the inner one's column: its storage type, Java type names
 * and column attributes come from {@code inner}; subclasses change only how values pass through.
 */
abstract class WrappingConverter implements ValueConverter {
    protected final ValueConverter inner;

    protected WrappingConverter(ValueConverter inner) {
        this.inner = inner;
    }

    @Override
    public ColumnType storage() {
        return inner.storage();
    }

    @Override
    public String javaType() {
        return inner.javaType();
    }

    @Override
    public String legacyJavaType() {
        return inner.legacyJavaType();
    }

    @Override
    public void describe(ObjectNode attributes) {
        inner.describe(attributes);
    }
}
