package io.jazmin.spark.read;

import io.jazmin.error.JazminValidationException;
import io.jazmin.error.UnsupportedFeatureException;
import io.jazmin.spark.fs.Listing;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The columns {@code key=value} folders add to a read: their Spark types, inferred from the values
 * listed (bigint when every value is a whole number of up to 18 digits, double when every value is a number, string
 * otherwise; a user schema naming the column decides instead), and each value as Spark holds it.
 */
public final class PartitionColumns {
    /** Up to 18 digits: always a long. */
    private static final Pattern WHOLE = Pattern.compile("-?\\d{1,18}");
    /** A decimal number with an optional exponent (no NaN, Infinity or type suffix). */
    private static final Pattern NUMBER = Pattern.compile("-?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d{1,3})?");

    private PartitionColumns() {
    }

    /** The partition columns of {@code listing}, after the files' columns, nullable. */
    public static StructType infer(Listing listing) {
        StructType out = new StructType();
        for (int k = 0; k < listing.partitionKeys().size(); k++) {
            int key = k;
            List<String> values = listing.files().stream().map(f -> f.partitionValues().get(key)).toList();
            DataType type = values.stream().allMatch(v -> v == null || isLong(v)) ? DataTypes.LongType
                    : values.stream().allMatch(v -> v == null || isDouble(v)) ? DataTypes.DoubleType : DataTypes.StringType;
            out = out.add(listing.partitionKeys().get(k), type, true);
        }
        return out;
    }

    private static boolean isLong(String v) {
        return WHOLE.matcher(v).matches();
    }

    private static boolean isDouble(String v) {
        return NUMBER.matcher(v).matches() && Double.isFinite(Double.parseDouble(v));
    }

    /**
     * A folder's value as Spark holds a value of {@code type}: {@code Long}, {@code Integer},
     * {@code Double} or {@code UTF8String}, or {@code null}.
     *
     * @throws JazminValidationException   when the text is not a value of the type
     * @throws UnsupportedFeatureException for a type partition columns are not read as
     */
    static Object value(String key, String raw, DataType type) {
        if (raw == null) {
            return null;
        }
        try {
            if (type.sameType(DataTypes.LongType)) {
                return Long.parseLong(raw);
            }
            if (type.sameType(DataTypes.IntegerType)) {
                return Integer.parseInt(raw);
            }
            if (type.sameType(DataTypes.DoubleType)) {
                return Double.parseDouble(raw);
            }
        } catch (NumberFormatException e) {
            throw new JazminValidationException("partition folder " + key + "=" + raw + " is not a " + type.simpleString());
        }
        if (type.sameType(DataTypes.StringType)) {
            return UTF8String.fromString(raw);
        }
        throw new UnsupportedFeatureException("partition-column-type", "partition column '" + key + "' is read as bigint, "
                + "int, double or string, not " + type.simpleString());
    }
}
