package io.jazmin.spring.boot.autoconfigure.domain.shared.hidden;

import io.jazmin.spring.data.repository.JazminRepository;

/** Whole people of a shared file. */
public interface PersonWithBalanceRepository extends JazminRepository<PersonWithBalance, Long> {
}
