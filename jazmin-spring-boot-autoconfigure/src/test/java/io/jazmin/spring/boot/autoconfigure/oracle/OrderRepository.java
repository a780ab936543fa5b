package io.jazmin.spring.boot.autoconfigure.oracle;

import io.jazmin.spring.boot.autoconfigure.oracle.Order.Status;
import io.jazmin.spring.data.repository.JazminRepository;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;

/** Every README keyword and return type over {@link Order}'s scalar, enum, decimal, instant and optional members. */
public interface OrderRepository extends JazminRepository<Order, Long> {
    // Is / Equals (implicit, explicit), And, Or
    List<Order> findByCustomer(String customer);

    List<Order> findByCustomerIs(String customer);

    List<Order> findByStatusEquals(Status status);

    List<Order> findByStatusAndPaid(Status status, boolean paid);

    List<Order> findByStatusOrPriority(Status status, Integer priority);

    List<Order> findByCustomerAndStatusOrPaidAndPriority(String customer, Status status, boolean paid, Integer priority);

    // Not
    List<Order> findByStatusNot(Status status);

    List<Order> findByPriorityNot(Integer priority);

    // comparisons
    List<Order> findByTotalLessThan(BigDecimal total);

    List<Order> findByTotalLessThanEqual(BigDecimal total);

    List<Order> findByTotalGreaterThan(BigDecimal total);

    List<Order> findByTotalGreaterThanEqual(BigDecimal total);

    List<Order> findByTotalBetween(BigDecimal from, BigDecimal to);

    List<Order> findByPriorityBetween(int from, int to);

    List<Order> findByPlacedBefore(Instant at);

    List<Order> findByPlacedAfter(Instant at);

    List<Order> findByPlacedBetween(Instant from, Instant to);

    // In / NotIn
    List<Order> findByStatusIn(Collection<Status> statuses);

    List<Order> findByStatusNotIn(Collection<Status> statuses);

    List<Order> findByPriorityIn(Collection<Integer> priorities);

    List<Order> findByPriorityNotIn(Collection<Integer> priorities);

    // IsNull / IsNotNull (nullable Integer, Optional, nested record)
    List<Order> findByPriorityIsNull();

    List<Order> findByPriorityIsNotNull();

    List<Order> findByNoteIsNull();

    List<Order> findByNoteIsNotNull();

    List<Order> findByShipToIsNull();

    long countByShipToIsNotNull();

    // text
    List<Order> findByCustomerStartingWith(String prefix);

    List<Order> findByCustomerEndingWith(String suffix);

    List<Order> findByCustomerContaining(String text);

    List<Order> findByCustomerNotContaining(String text);

    List<Order> findByCustomerIgnoreCase(String customer);

    List<Order> findByCustomerNotIgnoreCase(String customer);

    List<Order> findByCustomerStartingWithIgnoreCase(String prefix);

    List<Order> findByCustomerEndingWithIgnoreCase(String suffix);

    List<Order> findByCustomerContainingIgnoreCase(String text);

    List<Order> findByCustomerNotContainingIgnoreCase(String text);

    List<Order> findByCustomerAndStatusAllIgnoreCase(String customer, Status status);

    List<Order> findByNoteStartingWith(String prefix);

    List<Order> findByNoteContainingIgnoreCase(String text);

    List<Order> findByCustomerLike(String pattern);

    List<Order> findByCustomerNotLike(String pattern);

    List<Order> findByCustomerLikeIgnoreCase(String pattern);

    // True / False
    List<Order> findByPaidTrue();

    List<Order> findByPaidFalse();

    // Top / First / Distinct
    List<Order> findTop3ByStatusOrderByTotalDescIdAsc(Status status);

    Optional<Order> findFirstByOrderByPlacedDesc();

    Order findFirstByPaidOrderByTotalAscIdAsc(boolean paid);

    List<Order> findTop2ByOrderByPriorityDescIdDesc();

    List<Order> findFirst4ByPaidTrue();

    List<OrderViews.CustomerName> findDistinctByPaidTrue();

    List<Order> findDistinctByStatus(Status status);

    // Sort, Pageable, Limit
    List<Order> findByPaid(boolean paid, Sort sort);

    List<Order> findByPriorityIsNotNullOrderByPriorityAscTotalDescIdAsc();

    List<Order> findByStatusNotOrderByStatusAscPlacedDesc(Status status);

    Page<Order> findByStatusIn(Collection<Status> statuses, Pageable pageable);

    Slice<Order> findByPaidFalse(Pageable pageable);

    List<Order> findByPaid(boolean paid, Limit limit);

    List<Order> findByStatusNotOrderByTotalDesc(Status status, Limit limit);

    List<Order> findTop5ByPaidOrderByIdAsc(boolean paid, Limit limit);

    // Window: offset and keyset scrolling
    Window<Order> findFirst4ByPaidOrderByTotalAsc(boolean paid, ScrollPosition position);

    Window<Order> findFirst3ByStatusNotOrderByStatusAscPlacedDesc(Status status, ScrollPosition position);

    Window<Order> findFirst3ByNoteIsNotNullOrderByNoteAsc(ScrollPosition position);

    Window<OrderViews.Summary> findFirst5ByTotalGreaterThanOrderByPlacedAsc(BigDecimal total, ScrollPosition position);

    // projections and single results
    List<OrderViews.Summary> findSummariesByPaidOrderByIdAsc(boolean paid);

    List<OrderViews.NoteView> findNotesByStatusOrderByIdAsc(Status status);

    List<OrderViews.ContentsView> findContentViewsByPaidOrderByIdAsc(boolean paid);

    List<OrderViews.Totals> findTotalsByTotalGreaterThanOrderByTotalAscIdAsc(BigDecimal total);

    List<OrderViews.Contents> findContentsByStatusOrderByIdAsc(Status status);

    List<OrderViews.CustomerTotal> findCustomerTotalsByPaidTrueOrderByIdAsc();

    <T> List<T> findByIdBetweenOrderByIdAsc(long from, long to, Class<T> type);

    Page<OrderViews.Totals> findTotalsByPaid(boolean paid, Pageable pageable);

    Optional<Order> findByIdAndStatus(long id, Status status);

    Order findByIdAndPaid(long id, boolean paid);

    Optional<OrderViews.Summary> findSummaryById(long id);

    Stream<Order> streamByStatusOrderByIdAsc(Status status);

    Stream<Order> streamByPaid(boolean paid);

    long countByStatus(Status status);

    long countByCustomerContainingIgnoreCase(String text);

    boolean existsByStatusAndTotalGreaterThan(Status status, BigDecimal total);

    boolean existsByCustomer(String customer);

    // derived deletes
    long deleteByStatus(Status status);

    List<Order> removeByCustomerAndPaidFalse(String customer);

    void deleteByTotalLessThan(BigDecimal total);
}
