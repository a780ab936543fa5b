package io.jazmin.spring.data.core.query;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import org.springframework.dao.InvalidDataAccessApiUsageException;

/**
 * Conditions on an entity's members, in the style of Spring Data MongoDB:
 * {@code Criteria.where("age").gt(30).and("country").is("NA")}. Names are entity members (mapped to
 * their columns when a template runs the criteria, as derived queries map them); values are Java
 * values converted as derived-query arguments are. Conditions in one chain are all required;
 * {@link #or(Criteria)} and {@link #anyOf} join alternatives. Negations follow the engine: {@link #ne}
 * never matches a null cell, {@link #nin} does. {@link #ignoreCase()} turns the chain's last string
 * condition ({@code is}, {@code ne}, {@code startsWith}, {@code endsWith}, {@code contains})
 * case-insensitive. Immutable: every call returns a new criteria.
 */
public final class Criteria {
    /** The operators of one condition. */
    public enum Operator { IS, NE, LT, LTE, GT, GTE, IN, NIN, IS_NULL, IS_NOT_NULL, STARTS_WITH, ENDS_WITH, CONTAINS }

    /** A part of a criteria tree. */
    public sealed interface Node permits Condition, Junction {
    }

    /**
     * One condition on a member.
     *
     * @param value the operand (a list for {@code IN}/{@code NIN}, {@code null} for the null tests)
     */
    public record Condition(String member, Operator operator, Object value, boolean ignoreCase) implements Node {
    }

    /** Conditions all required ({@code all}) or of which one suffices. */
    public record Junction(boolean all, List<Node> nodes) implements Node {
        public Junction {
            nodes = List.copyOf(nodes);
        }
    }

    private final List<Node> chain;
    private final String member;

    private Criteria(List<Node> chain, String member) {
        this.chain = List.copyOf(chain);
        this.member = member;
    }

    /** Starts a chain with a condition on {@code member}; an operator call must follow. */
    public static Criteria where(String member) {
        return new Criteria(List.of(), requireMember(member));
    }

    /** Criteria that every row matches. */
    public static Criteria empty() {
        return new Criteria(List.of(), null);
    }

    /** Rows matching every one of {@code criteria}. */
    public static Criteria allOf(Criteria... criteria) {
        return join(true, criteria);
    }

    /** Rows matching at least one of {@code criteria}. */
    public static Criteria anyOf(Criteria... criteria) {
        return join(false, criteria);
    }

    /** Adds a further required condition on {@code member}; an operator call must follow. */
    public Criteria and(String member) {
        requireComplete("and(\"" + member + "\")");
        return new Criteria(chain, requireMember(member));
    }

    /** Rows matching this and {@code other}. */
    public Criteria and(Criteria other) {
        return allOf(this, other);
    }

    /** Rows matching this or {@code other}. */
    public Criteria or(Criteria other) {
        return anyOf(this, other);
    }

    public Criteria is(Object value) {
        return add(Operator.IS, value);
    }

    public Criteria ne(Object value) {
        return add(Operator.NE, value);
    }

    public Criteria lt(Object value) {
        return add(Operator.LT, value);
    }

    public Criteria lte(Object value) {
        return add(Operator.LTE, value);
    }

    public Criteria gt(Object value) {
        return add(Operator.GT, value);
    }

    public Criteria gte(Object value) {
        return add(Operator.GTE, value);
    }

    public Criteria in(Object... values) {
        return in(Arrays.asList(values));
    }

    public Criteria in(Collection<?> values) {
        return add(Operator.IN, new ArrayList<>(values));
    }

    /** Rows whose member is none of {@code values}, null cells included. */
    public Criteria nin(Object... values) {
        return nin(Arrays.asList(values));
    }

    public Criteria nin(Collection<?> values) {
        return add(Operator.NIN, new ArrayList<>(values));
    }

    public Criteria isNull() {
        return add(Operator.IS_NULL, null);
    }

    public Criteria isNotNull() {
        return add(Operator.IS_NOT_NULL, null);
    }

    public Criteria startsWith(String prefix) {
        return add(Operator.STARTS_WITH, prefix);
    }

    public Criteria endsWith(String suffix) {
        return add(Operator.ENDS_WITH, suffix);
    }

    public Criteria contains(String text) {
        return add(Operator.CONTAINS, text);
    }

    /**
     * The chain's last condition compared case-insensitively.
     *
     * @throws InvalidDataAccessApiUsageException when it is not a string condition
     */
    public Criteria ignoreCase() {
        requireComplete("ignoreCase()");
        if (chain.isEmpty() || !(chain.get(chain.size() - 1) instanceof Condition last) || !caseable(last)) {
            throw new InvalidDataAccessApiUsageException("ignoreCase() must follow is, ne, startsWith, endsWith or "
                    + "contains with a String value");
        }
        List<Node> changed = new ArrayList<>(chain);
        changed.set(changed.size() - 1, new Condition(last.member(), last.operator(), last.value(), true));
        return new Criteria(changed, null);
    }

    /**
     * The tree of this criteria: {@code null} when it is empty, its condition when it has one,
     * otherwise a junction of all of them.
     *
     * @throws InvalidDataAccessApiUsageException when a member named last has no operator
     */
    public Node node() {
        requireComplete("a query");
        return chain.isEmpty() ? null : chain.size() == 1 ? chain.get(0) : new Junction(true, chain);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Criteria c && chain.equals(c.chain) && Objects.equals(member, c.member);
    }

    @Override
    public int hashCode() {
        return Objects.hash(chain, member);
    }

    @Override
    public String toString() {
        return "Criteria" + chain + (member == null ? "" : " and '" + member + "' ...");
    }

    private static boolean caseable(Condition c) {
        return c.value() instanceof String && switch (c.operator()) {
            case IS, NE, STARTS_WITH, ENDS_WITH, CONTAINS -> true;
            default -> false;
        };
    }

    private Criteria add(Operator operator, Object value) {
        if (member == null) {
            throw new InvalidDataAccessApiUsageException("Criteria: " + operator + " needs a member first: "
                    + "where(\"member\") or and(\"member\")");
        }
        List<Node> added = new ArrayList<>(chain);
        added.add(new Condition(member, operator, value, false));
        return new Criteria(added, null);
    }

    private void requireComplete(String next) {
        if (member != null) {
            throw new InvalidDataAccessApiUsageException("Criteria: member '" + member
                    + "' has no condition before " + next);
        }
    }

    private static String requireMember(String member) {
        if (member == null || member.isBlank()) {
            throw new InvalidDataAccessApiUsageException("Criteria: a member name must not be blank");
        }
        return member;
    }

    private static Criteria join(boolean all, Criteria... criteria) {
        List<Node> nodes = new ArrayList<>();
        for (Criteria c : criteria) {
            Node node = c.node();
            if (node != null) {
                nodes.add(node);
            } else if (!all) {
                return empty(); // one alternative that every row matches
            }
        }
        if (nodes.size() <= 1) {
            return new Criteria(nodes, null);
        }
        return new Criteria(List.of(new Junction(all, nodes)), null);
    }
}
