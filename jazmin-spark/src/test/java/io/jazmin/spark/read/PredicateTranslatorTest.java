package io.jazmin.spark.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.data.Filter;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.util.Map;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.LiteralValue;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

/** The safety rules of the translation (design note §5), without a Spark session. */
class PredicateTranslatorTest {
    private final PredicateTranslator t = new PredicateTranslator(Map.of(
            "i", Column.of("i", ColumnType.INT), "f", Column.of("f", ColumnType.FLOAT),
            "s", Column.of("s", ColumnType.STRING), "t", Column.of("t", ColumnType.DATETIME),
            "d", Column.of("d", ColumnType.DECIMAL), "b", Column.of("b", ColumnType.BOOL)));

    private static Predicate p(String name, Expression... children) {
        return new Predicate(name, children);
    }

    private static Expression col(String name) {
        return Expressions.column(name);
    }

    private static Expression lit(Object value, DataType type) {
        return new LiteralValue<>(value, type);
    }

    private static Expression str(String s) {
        return lit(UTF8String.fromString(s), DataTypes.StringType);
    }

    private String json(Predicate predicate) {
        Filter f = t.translate(predicate);
        return f == null ? null : f.toJson();
    }

    @Test
    void comparisonsOnIntsAndStringsArePushedEitherWayRound() {
        assertThat(json(p(">", col("i"), lit(5L, DataTypes.LongType)))).isEqualTo("{\"i\":{\"gt\":5}}");
        assertThat(json(p(">", lit(5L, DataTypes.LongType), col("i")))).isEqualTo("{\"i\":{\"lt\":5}}");
        assertThat(json(p("STARTS_WITH", col("s"), str("ab")))).isEqualTo("{\"s\":{\"startsWith\":\"ab\"}}");
        assertThat(json(p("<=>", col("i"), lit(null, DataTypes.LongType)))).isEqualTo("{\"i\":{\"isNull\":true}}");
        assertThat(json(p("IS_NOT_NULL", col("d")))).isEqualTo("{\"d\":{\"isNull\":false}}");
    }

    @Test
    void whatCouldDropARowSparkKeepsIsNotPushed() {
        assertThat(json(p("=", col("f"), lit(Double.NaN, DataTypes.DoubleType)))).isNull();
        assertThat(json(p("=", col("f"), lit(-0.0, DataTypes.DoubleType)))).isNull();
        assertThat(json(p(">", col("f"), lit(1.5, DataTypes.DoubleType)))).isNull();
        assertThat(json(p("<", col("f"), lit(1.5, DataTypes.DoubleType)))).isEqualTo("{\"f\":{\"lt\":1.5}}");
        assertThat(json(p(">", col("s"), str("\uE000")))).isNull();
        assertThat(json(p(">", col("s"), str("\uD83D\uDE00")))).isNull();
        assertThat(json(p("=", col("s"), str("\uD83D\uDE00")))).isNotNull();
        assertThat(json(p("=", col("d"), str("1.5")))).isNull();
        assertThat(json(p("NOT", p("=", col("i"), lit(1L, DataTypes.LongType))))).isNull();
        assertThat(json(p("BOOLEAN_EXPRESSION", col("b")))).isNull();
        assertThat(json(p("=", col("nested.x"), lit(1L, DataTypes.LongType)))).isNull();
    }

    @Test
    void andKeepsATranslatableSideAndOrNeedsBoth() {
        Predicate ok = p("=", col("i"), lit(1L, DataTypes.LongType));
        Predicate no = p(">", col("f"), lit(1.0, DataTypes.DoubleType));
        assertThat(json(p("AND", ok, no))).isEqualTo("{\"i\":{\"eq\":1}}");
        assertThat(json(p("OR", ok, no))).isNull();
        assertThat(t.translate(p("OR", ok, ok))).isInstanceOf(Filter.Or.class);
    }

    @Test
    void timestampsRoundToWholeMillisecondsWithoutLosingRows() {
        long micros = 1_500L; // 1.5 ms
        assertThat(t.translate(p(">", col("t"), lit(micros, DataTypes.TimestampType))))
                .isEqualTo(Filter.gt("t", java.time.Instant.ofEpochMilli(1)));
        assertThat(t.translate(p(">=", col("t"), lit(micros, DataTypes.TimestampType))))
                .isEqualTo(Filter.gte("t", java.time.Instant.ofEpochMilli(2)));
        assertThat(t.translate(p("<", col("t"), lit(-micros, DataTypes.TimestampType))))
                .isEqualTo(Filter.lt("t", java.time.Instant.ofEpochMilli(-1)));
        assertThat(t.translate(p("<=", col("t"), lit(-micros, DataTypes.TimestampType))))
                .isEqualTo(Filter.lte("t", java.time.Instant.ofEpochMilli(-2)));
        assertThat(t.translate(p("=", col("t"), lit(micros, DataTypes.TimestampType)))).isNull();
        assertThat(t.translate(p("IN", col("t"), lit(micros, DataTypes.TimestampType), lit(2_000L, DataTypes.TimestampType),
                lit(null, DataTypes.TimestampType)))).isEqualTo(Filter.in("t", java.time.Instant.ofEpochMilli(2)));
    }

    @Test
    void anInWhoseItemsAreAllNullIsPushedAsAnEmptyListMatchingNoRow() {
        // Spark: x IN (NULL) is null for every row, so no row passes; JAZMIN's empty in is false everywhere.
        assertThat(json(p("IN", col("s"), lit(null, DataTypes.StringType)))).isEqualTo("{\"s\":{\"in\":[]}}");
        assertThat(json(p("IN", col("i"), lit(null, DataTypes.LongType), lit(null, DataTypes.LongType))))
                .isEqualTo("{\"i\":{\"in\":[]}}");
        assertThat(json(p("IN", col("i"), lit(null, DataTypes.LongType), lit(3L, DataTypes.LongType))))
                .isEqualTo("{\"i\":{\"in\":[3]}}");
        assertThat(json(p("IN", col("f"), lit(null, DataTypes.DoubleType), lit(Double.NaN, DataTypes.DoubleType))))
                .isNull(); // Spark's NaN equals NaN: not pushed
    }

    @Test
    void onlyExactTranslationsLetSparkDropItsOwnCheck() {
        Predicate intEq = p("=", col("i"), lit(1L, DataTypes.LongType));
        Predicate floatLt = p("<", col("f"), lit(1.5, DataTypes.DoubleType));
        assertThat(t.exact(intEq)).isTrue();
        assertThat(t.exact(p(">", lit(5L, DataTypes.LongType), col("i")))).isTrue();
        assertThat(t.exact(p("=", col("s"), str("\uD83D\uDE00")))).isTrue();
        assertThat(t.exact(p("STARTS_WITH", col("s"), str("ab")))).isTrue();
        assertThat(t.exact(p(">=", col("t"), lit(1_500L, DataTypes.TimestampType)))).isTrue();
        assertThat(t.exact(p("IS_NULL", col("f")))).isTrue();
        assertThat(t.exact(p("IS_NOT_NULL", col("d")))).isTrue();
        assertThat(t.exact(p("OR", intEq, p("=", col("b"), lit(true, DataTypes.BooleanType))))).isTrue();
        // Float tests only prune, untranslated predicates are not exact, nor an AND that keeps one side.
        assertThat(t.exact(floatLt)).isFalse();
        assertThat(t.exact(p(">", col("s"), str("\uE000")))).isFalse();
        assertThat(t.exact(p("=", col("t"), lit(1_500L, DataTypes.TimestampType)))).isFalse();
        assertThat(t.exact(p("AND", intEq, floatLt))).isFalse();
        assertThat(t.exact(p("AND", intEq, p("NOT", intEq)))).isFalse();
    }
}
