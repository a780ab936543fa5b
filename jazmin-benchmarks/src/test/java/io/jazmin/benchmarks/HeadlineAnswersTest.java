package io.jazmin.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The headline's systems answer the same five questions: on a small generated table every system of
 * {@link HeadlineBenchmark} gives the generator's answers, and the check the benchmark runs before
 * timing fails a system that answers another question.
 */
class HeadlineAnswersTest {
    private static final int ROWS = 3_000;

    @TempDir
    static Path dir;

    private static CustomersFiles files;
    private static HeadlineAnswers expected;

    @BeforeAll
    static void makeFiles() {
        files = CustomersFiles.ensureHeadline(ROWS, dir);
        expected = HeadlineAnswers.expected(ROWS);
    }

    @Test
    void theGeneratorsAnswersAreNotTrivial() {
        assertThat(expected.id()).isBetween(2_000L, 2_999L);
        assertThat(expected.found()).isEqualTo(CustomersData.customer(expected.id()));
        assertThat(expected.filterCount()).isPositive().isLessThan(ROWS / 8);
        assertThat(expected.containsCount()).isEqualTo(ROWS / 8);
        assertThat(expected.balanceSum()).isPositive();
    }

    @ParameterizedTest
    @EnumSource(HeadlineSystem.class)
    void everySystemGivesTheGeneratorsAnswers(HeadlineSystem system) {
        try (CustomerQueries q = system.open(files)) {
            assertThat(HeadlineAnswers.of(q, expected.id()).differences(expected)).as(system.param()).isEmpty();
            // asked again, as the benchmark does: a kept connection or a warm cache answers the same
            HeadlineAnswers.check(system, q, ROWS);
        }
    }

    @Test
    void aSystemAnsweringAnotherQuestionFailsTheCheck() {
        CustomerQueries right = HeadlineSystem.SQLITE_PER_QUERY.open(files);
        CustomerQueries filterForContains = CustomerQueries.of(right::findById, right::filterCount, right::filterCount,
                right::sumBalance, right::readAll);
        assertThatThrownBy(() -> HeadlineAnswers.check(HeadlineSystem.SQLITE_PER_QUERY, filterForContains, ROWS))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("sqlite-per-query")
                .hasMessageContaining("contains count: got " + expected.filterCount());
        CustomerQueries otherRow = CustomerQueries.of(id -> right.findById(id + 1), right::filterCount,
                right::containsCount, right::sumBalance, right::readAll);
        assertThatThrownBy(() -> HeadlineAnswers.check(HeadlineSystem.SQLITE_PER_QUERY, otherRow, ROWS))
                .hasMessageContaining("find by id " + expected.id());
    }

    @Test
    void sumsAddedInAnotherOrderAreEqualButAnotherColumnIsNot() {
        HeadlineAnswers reordered = new HeadlineAnswers(expected.id(), expected.found(), expected.filterCount(),
                expected.containsCount(), Math.nextUp(expected.balanceSum()), expected.readAllChecksum());
        assertThat(reordered.differences(expected)).isEmpty();
        HeadlineAnswers offByOneRow = new HeadlineAnswers(expected.id(), expected.found(), expected.filterCount(),
                expected.containsCount(), expected.balanceSum() - CustomersData.balance(ROWS - 1),
                expected.readAllChecksum());
        assertThat(offByOneRow.differences(expected)).singleElement().asString().startsWith("sum of balance");
    }
}
