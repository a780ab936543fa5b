package io.jazmin.spring.boot.diagnostics;

import io.jazmin.spring.data.repository.query.UnsupportedQueryException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Reports a query method the engine cannot serve: a derived one with an unsupported keyword, or an
 * invalid {@code @Query}/named filter; the exception names the method and the problem.
 */
public class UnsupportedQueryFailureAnalyzer extends AbstractFailureAnalyzer<UnsupportedQueryException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, UnsupportedQueryException cause) {
        return new FailureAnalysis("A JAZMIN repository declares a query method the engine cannot serve: "
                + cause.getMessage(),
                "Rename the method to use a supported keyword (see the README's list of derived query keywords), "
                        + "fix its @Query or named query (a JSON filter over the entity's columns with ?0 or :name "
                        + "placeholders), or remove it and query with JazminOperations and a Filter.", cause);
    }
}
