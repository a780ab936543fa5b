package io.jazmin.spark;

import io.jazmin.error.JazminIoException;
import io.jazmin.spark.fs.HadoopConf;
import io.jazmin.spark.fs.HadoopFiles;
import io.jazmin.spark.fs.HadoopSource;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.LocalScan;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.types.StructType;

/**
 * The scan of a catalog table whose folder holds no file yet (created with a schema and not
 * written, or written by nothing but empty jobs): no rows, in the table's schema. A folder read by
 * path with no file stays an error ({@code FileLister}), since there the files give the schema.
 */
final class EmptyCatalogScan implements ScanBuilder, SupportsPushDownRequiredColumns, LocalScan {
    private StructType schema;

    EmptyCatalogScan(StructType schema) {
        this.schema = schema;
    }

    /** Whether none of the paths of {@code options} exists or holds anything but hidden names ({@code _}, {@code .}). */
    static boolean holdsNoFile(JazminOptions options) {
        for (String text : options.paths()) {
            Path path = new Path(text);
            FileSystem fs = HadoopFiles.fileSystem(path, HadoopConf.session());
            try {
                if (!fs.getFileStatus(path).isDirectory() || Arrays.stream(fs.listStatus(path)).map(s -> s.getPath().getName())
                        .anyMatch(n -> !n.startsWith("_") && !n.startsWith("."))) {
                    return false;
                }
            } catch (FileNotFoundException missing) {
                // an absent folder holds nothing
            } catch (IOException e) {
                throw new JazminIoException("list", HadoopSource.nameOf(path), e);
            }
        }
        return true;
    }

    @Override
    public void pruneColumns(StructType requiredSchema) {
        schema = requiredSchema;
    }

    @Override
    public Scan build() {
        return this;
    }

    @Override
    public StructType readSchema() {
        return schema;
    }

    @Override
    public InternalRow[] rows() {
        return new InternalRow[0];
    }

    @Override
    public String description() {
        return "JazminScan[no file yet]";
    }
}
