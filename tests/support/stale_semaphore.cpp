// Test helper: `stale_semaphore create NAME` leaves a locked POSIX semaphore NAME behind, as a job
// killed inside Open MPI's OMPIO would; `stale_semaphore remove NAME` unlinks it.
#include <fcntl.h>
#include <semaphore.h>

#include <cstdio>
#include <cstring>

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: stale_semaphore create|remove NAME\n");
        return 2;
    }
    if (std::strcmp(argv[1], "remove") == 0) return sem_unlink(argv[2]) == 0 ? 0 : 1;
    sem_t* s = sem_open(argv[2], O_CREAT, 0644, 0);  // value 0: held, and nobody will post
    if (s == SEM_FAILED) {
        std::perror("sem_open");
        return 1;
    }
    return 0;
}
