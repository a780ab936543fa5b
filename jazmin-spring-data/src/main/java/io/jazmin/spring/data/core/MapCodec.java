package io.jazmin.spring.data.core;

import io.jazmin.options.WriteOptions;
import io.jazmin.spring.data.core.query.MapRowReader;
import io.jazmin.spring.data.core.query.RowReader;
import io.jazmin.WriteLock;
import java.util.List;
import java.util.Map;
import org.springframework.dao.InvalidDataAccessApiUsageException;

/** Rows of a named file as maps of column name to cell value, written with the file's own columns. */
final class MapCodec implements RowCodec<Map<String, ?>> {
    private final String fileName;

    MapCodec(String fileName) {
        this.fileName = fileName;
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public RowReader<Map<String, ?>> reader() {
        return (RowReader) new MapRowReader(List.of());
    }

    @Override
    public Object cell(Map<String, ?> row, String column) {
        return CellValues.toCell(row.get(column));
    }

    @Override
    public Map<String, ?> cells(Map<String, ?> row) {
        return row;
    }

    @Override
    public WriteOptions declared(WriteOptions options) {
        return options;
    }

    /** Maps carry no schema, so a file is never created from them. */
    @Override
    public Sink<Map<String, ?>> open(WriteLock held, WriteOptions options) {
        throw new InvalidDataAccessApiUsageException("file '" + fileName + "' does not exist, and rows "
                + "given as maps carry no schema to create it with; write it through an entity type first");
    }
}
